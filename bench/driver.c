/*
 * checkoutd benchmark driver: spawns a JSON-RPC server, feeds it requests over
 * pipes and measures it from outside, so every server is timed the same way.
 *
 *   driver MODE COUNT REQUESTS_FILE -- COMMAND [ARGS...]
 *
 * MODE lockstep: send one request, wait for its response line, repeat; reports
 * latency percentiles. MODE pipelined: one thread writes every request while
 * the main thread reads responses; reports throughput. REQUESTS_FILE holds
 * request lines with the text ID where the id goes; they are cycled through
 * (the first line may be a setup request, sent once before timing when
 * SETUP=1 is in the environment). Output: one JSON object on stdout.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
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
typedef struct { int fd; long count; Templates *templates; long first_id; } Writer;

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static Templates load(const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) { perror(path); exit(2); }
    Templates t = {0};
    char *line = NULL; size_t cap = 0; ssize_t n;
    while ((n = getline(&line, &cap, file)) > 0) {
        if (line[n - 1] == '\n') line[--n] = 0;
        if (n == 0) continue;
        t.lines = realloc(t.lines, (t.count + 1) * sizeof(char *));
        t.lines[t.count++] = strdup(line);
    }
    free(line);
    fclose(file);
    if (t.count == 0) { fprintf(stderr, "no requests in %s\n", path); exit(2); }
    return t;
}

/* The request line for `id`: the template with "ID" replaced by the number. */
static size_t render(char *out, size_t cap, const char *template, long id) {
    const char *mark = strstr(template, "ID");
    if (!mark) return (size_t)snprintf(out, cap, "%s\n", template);
    return (size_t)snprintf(out, cap, "%.*s%ld%s\n", (int)(mark - template), template, id, mark + 2);
}

static void write_all(int fd, const char *data, size_t size) {
    while (size > 0) {
        ssize_t n = write(fd, data, size);
        if (n < 0) { if (errno == EINTR) continue; perror("write"); exit(3); }
        data += n; size -= (size_t)n;
    }
}

static void *write_requests(void *arg) {
    Writer *w = arg;
    size_t cap = 1 << 20, used = 0;
    char *buffer = malloc(cap);
    static char line[1 << 16];
    for (long i = 0; i < w->count; i++) {
        size_t n = render(line, sizeof line, w->templates->lines[i % w->templates->count], w->first_id + i);
        if (used + n > cap) { write_all(w->fd, buffer, used); used = 0; }
        memcpy(buffer + used, line, n); used += n;
    }
    write_all(w->fd, buffer, used);
    free(buffer);
    return NULL;
}

/* Reads until `lines` newlines have arrived; keeps a partial line across calls. */
typedef struct { int fd; char buffer[1 << 16]; size_t start, end; } Reader;

static void read_lines(Reader *r, long lines) {
    while (lines > 0) {
        if (r->start == r->end) {
            ssize_t n = read(r->fd, r->buffer, sizeof r->buffer);
            if (n <= 0) { fprintf(stderr, "server closed its output early\n"); exit(4); }
            r->start = 0; r->end = (size_t)n;
        }
        char *nl = memchr(r->buffer + r->start, '\n', r->end - r->start);
        if (!nl) { r->start = r->end; continue; }
        r->start = (size_t)(nl - r->buffer) + 1;
        lines--;
    }
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc < 6 || strcmp(argv[4], "--") != 0) {
        fprintf(stderr, "usage: driver lockstep|pipelined COUNT REQUESTS_FILE -- COMMAND [ARGS...]\n");
        return 2;
    }
    int pipelined = strcmp(argv[1], "pipelined") == 0;
    long count = atol(argv[2]);
    Templates templates = load(argv[3]);
    int to_child[2], from_child[2];
    if (pipe(to_child) || pipe(from_child)) { perror("pipe"); return 2; }
    signal(SIGPIPE, SIG_IGN);
    double spawned = now_seconds();
    pid_t pid = fork();
    if (pid == 0) {
        dup2(to_child[0], 0); dup2(from_child[1], 1);
        close(to_child[0]); close(to_child[1]); close(from_child[0]); close(from_child[1]);
        execvp(argv[5], argv + 5);
        perror(argv[5]);
        _exit(127);
    }
    close(to_child[0]); close(from_child[1]);
    Reader reader = { .fd = from_child[0] };
    long id = 1;
    char line[1 << 16];
    size_t setup = getenv("SETUP") ? 1 : 0;
    double first_response = 0;
    if (setup) {
        size_t n = render(line, sizeof line, templates.lines[0], id++);
        write_all(to_child[1], line, n);
        read_lines(&reader, 1);
        first_response = now_seconds() - spawned;
        templates.lines++; templates.count--;
    }
    double *latencies = pipelined ? NULL : malloc(sizeof(double) * (size_t)count);
    double started = now_seconds();
    if (pipelined) {
        Writer writer = { .fd = to_child[1], .count = count, .templates = &templates, .first_id = id };
        pthread_t thread;
        pthread_create(&thread, NULL, write_requests, &writer);
        read_lines(&reader, count);
        pthread_join(thread, NULL);
    } else {
        for (long i = 0; i < count; i++) {
            size_t n = render(line, sizeof line, templates.lines[i % templates.count], id + i);
            double sent = now_seconds();
            write_all(to_child[1], line, n);
            read_lines(&reader, 1);
            latencies[i] = now_seconds() - sent;
        }
    }
    double elapsed = now_seconds() - started;
    close(to_child[1]);
    struct rusage usage;
    int status;
    wait4(pid, &status, 0, &usage);
    double cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
    printf("{\"mode\":\"%s\",\"count\":%ld,\"seconds\":%.6f,\"requestsPerSecond\":%.1f,"
           "\"cpuMicrosecondsPerRequest\":%.3f,\"peakRssKiB\":%ld,\"exitStatus\":%d,\"firstResponseMs\":%.3f",
           argv[1], count, elapsed, count / elapsed, cpu / count * 1e6, usage.ru_maxrss,
           WIFEXITED(status) ? WEXITSTATUS(status) : -1, first_response * 1e3);
    if (!pipelined) {
        qsort(latencies, (size_t)count, sizeof(double), compare);
        printf(",\"p50Microseconds\":%.2f,\"p90Microseconds\":%.2f,\"p99Microseconds\":%.2f",
               latencies[count / 2] * 1e6, latencies[count * 9 / 10] * 1e6, latencies[count * 99 / 100] * 1e6);
    }
    printf("}\n");
    return 0;
}
