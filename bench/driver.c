/*
 * checkoutd benchmark driver: spawns a JSON-RPC server, talks to it over pipes
 * as a host does and measures it from outside, so every server is timed the
 * same way.
 *
 *   driver [--window N] [--setup] [--sync] COUNT REQUESTS_FILE -- COMMAND [ARGS...]
 *
 * The driver keeps at most N requests in flight (default 64): it sends until N
 * are outstanding, then sends one more for each response it reads. Whatever a
 * read of responses frees up is sent in one write, as a client with a queue of
 * calls would. --window 1 is lockstep: one request, its response, the next.
 * The driver writes before it reads, so a window's requests must fit in the
 * server's input pipe (64 KiB by default): 64 of the bench's lines are under 16 KiB.
 *
 * REQUESTS_FILE holds request lines with the text ID where the id goes; they
 * are cycled through. With --setup the first line is sent once, before timing,
 * and its response awaited (session.init, say; a file of one line also cycles
 * that line); the time from spawning the server to that response is reported
 * as firstResponseMs.
 *
 * With --sync the driver, once set up, writes the line "ready" on stdout and
 * waits for a byte (or the end) on its own stdin before it starts timing: a
 * caller running several drivers at once starts them together. startedAt and
 * finishedAt (CLOCK_MONOTONIC seconds, one clock for every process) bound the
 * timed part, so the span of several drivers can be taken.
 *
 * Responses may come in any order: each is matched to its request by its
 * integer "id", which gives every request's latency. A response that is an
 * error ("error": at any depth) or that names no outstanding id is counted, so
 * a run that measured error answers can be refused by its caller.
 *
 * Output: one JSON object on stdout. peakRssKiB and serverCpuMicroseconds-
 * PerRequest are the server's whole life (wait4), start-up included;
 * driverCpuMicrosecondsPerRequest is the driver's own over the timed part.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct { char **lines; size_t count; } Templates;

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double cpu_seconds(const struct rusage *usage) {
    return (double)usage->ru_utime.tv_sec + (double)usage->ru_utime.tv_usec / 1e6
         + (double)usage->ru_stime.tv_sec + (double)usage->ru_stime.tv_usec / 1e6;
}

static void fail(const char *message) {
    fprintf(stderr, "driver: %s\n", message);
    exit(3);
}

static Templates load(const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) { perror(path); exit(2); }
    Templates t = {0};
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, file)) > 0) {
        if (line[n - 1] == '\n') line[--n] = 0;
        if (n == 0) continue;
        t.lines = realloc(t.lines, (t.count + 1) * sizeof(char *));
        t.lines[t.count++] = strdup(line);
    }
    free(line);
    fclose(file);
    if (t.count == 0) { fprintf(stderr, "driver: no requests in %s\n", path); exit(2); }
    return t;
}

/* A growable byte buffer: requests are gathered here before one write. */
typedef struct { char *bytes; size_t used, cap; } Buffer;

static void reserve(Buffer *b, size_t more) {
    if (b->used + more <= b->cap) return;
    while (b->used + more > b->cap) b->cap = b->cap ? b->cap * 2 : 1 << 16;
    b->bytes = realloc(b->bytes, b->cap);
    if (!b->bytes) fail("out of memory");
}

/* Appends the template's line for `id`: "ID" replaced by the number. */
static void render(Buffer *out, const char *template, long id) {
    const char *mark = strstr(template, "ID");
    size_t size = strlen(template) + 24;
    reserve(out, size);
    int n = mark ? snprintf(out->bytes + out->used, size, "%.*s%ld%s\n", (int)(mark - template), template, id, mark + 2)
                 : snprintf(out->bytes + out->used, size, "%s\n", template);
    out->used += (size_t)n;
}

static void write_all(int fd, const char *data, size_t size) {
    while (size > 0) {
        ssize_t n = write(fd, data, size);
        if (n < 0) {
            if (errno == EINTR) continue;
            perror("driver: write");
            exit(3);
        }
        data += n;
        size -= (size_t)n;
    }
}

/* The requests in flight: when each was sent, by id (ids run from 1 up). */
typedef struct {
    double *sent_at;      /* indexed by id; negative once answered */
    long next_id;         /* the id the next request gets */
    double *latencies;    /* of the timed requests, in order of answer */
    long answered, timed_from_id;
    long errors, unmatched;
} Flight;

/* The request id a response line answers: the first "id": followed by a
 * number that is in flight. Searching every "id": copes with servers that
 * write the id before or after the result. */
static long answered_id(const Flight *f, const char *line, size_t size) {
    const char *end = line + size, *at = line;
    while ((at = memmem(at, (size_t)(end - at), "\"id\":", 5)) != NULL) {
        at += 5;
        while (at < end && *at == ' ') at++;
        long id = 0;
        const char *digits = at;
        while (at < end && *at >= '0' && *at <= '9' && at - digits < 18) id = id * 10 + (*at++ - '0');
        if (at > digits && id >= 1 && id < f->next_id && f->sent_at[id] >= 0) return id;
    }
    return -1;
}

static void answer(Flight *f, const char *line, size_t size) {
    if (memmem(line, size, "\"error\":", 8)) f->errors++;
    long id = answered_id(f, line, size);
    if (id < 0) { f->unmatched++; return; }
    if (id >= f->timed_from_id) f->latencies[f->answered++] = now_seconds() - f->sent_at[id];
    f->sent_at[id] = -1;
}

/* Reads once (blocking) and handles every whole response line it completes.
 * Returns how many responses it handled. A partial last line is kept. */
typedef struct { int fd; Buffer in; size_t start; } Reader;

static long read_responses(Reader *r, Flight *f) {
    if (r->start > 0) {  /* move the partial line to the front */
        memmove(r->in.bytes, r->in.bytes + r->start, r->in.used - r->start);
        r->in.used -= r->start;
        r->start = 0;
    }
    reserve(&r->in, 1 << 16);
    ssize_t n;
    do n = read(r->fd, r->in.bytes + r->in.used, r->in.cap - r->in.used);
    while (n < 0 && errno == EINTR);
    if (n <= 0) fail("the server closed its output before answering every request");
    size_t scanned = r->in.used;
    r->in.used += (size_t)n;
    long lines = 0;
    for (;;) {
        char *nl = memchr(r->in.bytes + scanned, '\n', r->in.used - scanned);
        if (!nl) break;
        answer(f, r->in.bytes + r->start, (size_t)(nl - (r->in.bytes + r->start)));
        r->start = scanned = (size_t)(nl - r->in.bytes) + 1;
        lines++;
    }
    return lines;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void usage(void) {
    fprintf(stderr, "usage: driver [--window N] [--setup] [--sync] COUNT REQUESTS_FILE -- COMMAND [ARGS...]\n");
    exit(2);
}

int main(int argc, char **argv) {
    long window = 64;
    int setup = 0, sync = 0, arg = 1;
    for (; arg < argc && strncmp(argv[arg], "--", 2) == 0 && argv[arg][2]; arg++) {
        if (strcmp(argv[arg], "--setup") == 0) setup = 1;
        else if (strcmp(argv[arg], "--sync") == 0) sync = 1;
        else if (strcmp(argv[arg], "--window") == 0 && arg + 1 < argc) window = atol(argv[++arg]);
        else usage();
    }
    if (argc - arg < 4 || strcmp(argv[arg + 2], "--") != 0 || window < 1) usage();
    long count = atol(argv[arg]);
    if (count < 1) usage();
    Templates templates = load(argv[arg + 1]);
    char **command = argv + arg + 3;

    int to_child[2], from_child[2];
    if (pipe(to_child) || pipe(from_child)) { perror("driver: pipe"); return 2; }
    signal(SIGPIPE, SIG_IGN);
    double spawned = now_seconds();
    pid_t pid = fork();
    if (pid == 0) {
        dup2(to_child[0], 0);
        dup2(from_child[1], 1);
        close(to_child[0]); close(to_child[1]); close(from_child[0]); close(from_child[1]);
        execvp(command[0], command);
        perror(command[0]);
        _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);

    Flight flight = {
        .sent_at = calloc((size_t)(count + 2), sizeof(double)),
        .latencies = malloc(sizeof(double) * (size_t)count),
        .next_id = 1,
    };
    Reader reader = { .fd = from_child[0] };
    Buffer out = {0};
    double first_response = 0;
    if (setup) {
        render(&out, templates.lines[0], flight.next_id);
        flight.sent_at[flight.next_id++] = now_seconds();
        write_all(to_child[1], out.bytes, out.used);
        out.used = 0;
        while (read_responses(&reader, &flight) == 0) {}
        first_response = now_seconds() - spawned;
        if (templates.count > 1) { templates.lines++; templates.count--; }
    }
    if (sync) {
        char go;
        fputs("ready\n", stdout);
        fflush(stdout);
        while (read(0, &go, 1) < 0 && errno == EINTR) {}
    }
    flight.timed_from_id = flight.next_id;
    long last_id = flight.next_id + count - 1;

    struct rusage before, after;
    getrusage(RUSAGE_SELF, &before);
    double started = now_seconds();
    long outstanding = 0, received = 0, cycle = 0;
    while (received < count) {
        /* Top the window up, in one write; each of its requests is stamped
         * with the time of that write. */
        out.used = 0;
        long first = flight.next_id;
        while (outstanding < window && flight.next_id <= last_id) {
            render(&out, templates.lines[cycle++ % templates.count], flight.next_id++);
            outstanding++;
        }
        if (out.used) {
            double sent = now_seconds();
            for (long id = first; id < flight.next_id; id++) flight.sent_at[id] = sent;
            write_all(to_child[1], out.bytes, out.used);
        }
        long got = read_responses(&reader, &flight);
        outstanding -= got;
        received += got;
    }
    double elapsed = now_seconds() - started;
    getrusage(RUSAGE_SELF, &after);

    close(to_child[1]);
    struct rusage usage;
    int status;
    wait4(pid, &status, 0, &usage);
    qsort(flight.latencies, (size_t)flight.answered, sizeof(double), compare);
    double p50 = flight.answered ? flight.latencies[flight.answered / 2] : 0;
    double p99 = flight.answered ? flight.latencies[flight.answered * 99 / 100] : 0;
    printf("{\"window\":%ld,\"count\":%ld,\"seconds\":%.6f,\"requestsPerSecond\":%.1f,"
           "\"p50Microseconds\":%.2f,\"p99Microseconds\":%.2f,"
           "\"serverCpuMicrosecondsPerRequest\":%.3f,\"driverCpuMicrosecondsPerRequest\":%.3f,"
           "\"peakRssKiB\":%ld,\"exitStatus\":%d,\"firstResponseMs\":%.3f,\"errors\":%ld,\"unmatched\":%ld,"
           "\"startedAt\":%.6f,\"finishedAt\":%.6f}\n",
           window, count, elapsed, (double)count / elapsed, p50 * 1e6, p99 * 1e6,
           cpu_seconds(&usage) / (double)count * 1e6, (cpu_seconds(&after) - cpu_seconds(&before)) / (double)count * 1e6,
           usage.ru_maxrss, WIFEXITED(status) ? WEXITSTATUS(status) : -1, first_response * 1e3,
           flight.errors, flight.unmatched, started, started + elapsed);
    return 0;
}
