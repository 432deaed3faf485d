#include "CLibPQ.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/// libpq's functions as `dlsym` found them, set once by `load`.
static struct {
    PGconn *(*connectdb)(const char *);
    ConnStatusType (*status)(const PGconn *);
    char *(*errorMessage)(const PGconn *);
    void (*finish)(PGconn *);
    void (*reset)(PGconn *);
    PQnoticeProcessor (*setNoticeProcessor)(PGconn *, PQnoticeProcessor, void *);
    PGresult *(*prepare)(PGconn *, const char *, const char *, int, const Oid *);
    PGresult *(*execPrepared)(PGconn *, const char *, int, const char *const *, const int *, const int *, int);
    ExecStatusType (*resultStatus)(const PGresult *);
    char *(*resultErrorField)(const PGresult *, int);
    void (*clear)(PGresult *);
    int (*ntuples)(const PGresult *);
    int (*nfields)(const PGresult *);
    char *(*getvalue)(const PGresult *, int, int);
    int (*getisnull)(const PGresult *, int, int);
    Oid (*ftype)(const PGresult *, int);
} libpq;

static pthread_once_t loading = PTHREAD_ONCE_INIT;
/// Why libpq could not be loaded; empty when it was.
static char failure[512];

static void load(void) {
    void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
    // POSIX's way of taking a function's address from dlsym's `void *`.
#define RESOLVE(field, symbol)                                                            \
    if ((*(void **)&libpq.field = dlsym(library, symbol)) == NULL) {                      \
        snprintf(failure, sizeof failure, "libpq.so.5 has no function %s", symbol);      \
        return;                                                                           \
    }
    RESOLVE(connectdb, "PQconnectdb")
    RESOLVE(status, "PQstatus")
    RESOLVE(errorMessage, "PQerrorMessage")
    RESOLVE(finish, "PQfinish")
    RESOLVE(reset, "PQreset")
    RESOLVE(setNoticeProcessor, "PQsetNoticeProcessor")
    RESOLVE(prepare, "PQprepare")
    RESOLVE(execPrepared, "PQexecPrepared")
    RESOLVE(resultStatus, "PQresultStatus")
    RESOLVE(resultErrorField, "PQresultErrorField")
    RESOLVE(clear, "PQclear")
    RESOLVE(ntuples, "PQntuples")
    RESOLVE(nfields, "PQnfields")
    RESOLVE(getvalue, "PQgetvalue")
    RESOLVE(getisnull, "PQgetisnull")
    RESOLVE(ftype, "PQftype")
#undef RESOLVE
}

const char *clibpq_load(void) {
    pthread_once(&loading, load);
    return failure[0] == '\0' ? NULL : failure;
}

PGconn *clibpq_connectdb(const char *conninfo) { return libpq.connectdb(conninfo); }
ConnStatusType clibpq_status(const PGconn *connection) { return libpq.status(connection); }
char *clibpq_errorMessage(const PGconn *connection) { return libpq.errorMessage(connection); }
void clibpq_finish(PGconn *connection) { libpq.finish(connection); }
void clibpq_reset(PGconn *connection) { libpq.reset(connection); }

PQnoticeProcessor clibpq_setNoticeProcessor(PGconn *connection, PQnoticeProcessor processor, void *argument) {
    return libpq.setNoticeProcessor(connection, processor, argument);
}

PGresult *clibpq_prepare(PGconn *connection, const char *name, const char *query, int parameterCount,
                         const Oid *parameterTypes) {
    return libpq.prepare(connection, name, query, parameterCount, parameterTypes);
}

PGresult *clibpq_execPrepared(PGconn *connection, const char *name, int parameterCount,
                              const char *const *values, const int *lengths, const int *formats, int resultFormat) {
    return libpq.execPrepared(connection, name, parameterCount, values, lengths, formats, resultFormat);
}

ExecStatusType clibpq_resultStatus(const PGresult *result) { return libpq.resultStatus(result); }
char *clibpq_resultErrorField(const PGresult *result, int field) { return libpq.resultErrorField(result, field); }
void clibpq_clear(PGresult *result) { libpq.clear(result); }
int clibpq_ntuples(const PGresult *result) { return libpq.ntuples(result); }
int clibpq_nfields(const PGresult *result) { return libpq.nfields(result); }
char *clibpq_getvalue(const PGresult *result, int row, int column) { return libpq.getvalue(result, row, column); }
int clibpq_getisnull(const PGresult *result, int row, int column) { return libpq.getisnull(result, row, column); }
Oid clibpq_ftype(const PGresult *result, int column) { return libpq.ftype(result, column); }
