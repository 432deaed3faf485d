/*
 * The pipe ceiling: a minimal stdio server that writes every request line back
 * as its response. No parsing, no allocation per line: whatever another server
 * costs beyond this is its own work.
 *
 * It asks for the same 1 MiB pipe buffers checkoutd asks for, so the ceiling
 * is that of the pipes checkoutd runs on (unwindowed, on Linux's default
 * 64 KiB, the echo served about two thirds as many lines a second).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    static char line[1 << 20];
    fcntl(0, F_SETPIPE_SZ, 1 << 20); /* a refusal leaves the pipe as it was, as in checkoutd */
    fcntl(1, F_SETPIPE_SZ, 1 << 20);
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    while (fgets(line, sizeof line, stdin)) {
        fputs(line, stdout);
        /* Flush when no more input is buffered, as a real server answers promptly. */
        if (stdin->_IO_read_ptr >= stdin->_IO_read_end) fflush(stdout);
    }
    fflush(stdout);
    return 0;
}
