// libpq, PostgreSQL's own client library, loaded when a store needs it.
//
// checkoutd does not link libpq: a process that never opens a PostgreSQL store
// (the default, and every SQLite or in-memory one) then starts without mapping
// and relocating libpq and the libraries it brings (OpenSSL, Kerberos, LDAP,
// SASL, GnuTLS, …), which is most of a start-up's time. `clibpq_load` loads it
// (`libpq.so.5`, found as the dynamic linker finds libraries, the binary's run
// path included) the first time a store asks; the `clibpq_` functions are
// libpq's functions of the same name and may be called once it succeeded.
// libpq's header (Debian: libpq-dev) gives the types and constants.
#ifndef CLIBPQ_H
#define CLIBPQ_H

#include <postgresql/libpq-fe.h>

/// Loads libpq once per process (later calls answer the first outcome): NULL
/// when it is loaded, else why not (a static string).
const char *clibpq_load(void);

PGconn *clibpq_connectdb(const char *conninfo);
ConnStatusType clibpq_status(const PGconn *connection);
char *clibpq_errorMessage(const PGconn *connection);
void clibpq_finish(PGconn *connection);
void clibpq_reset(PGconn *connection);
PQnoticeProcessor clibpq_setNoticeProcessor(PGconn *connection, PQnoticeProcessor processor, void *argument);
PGresult *clibpq_prepare(PGconn *connection, const char *name, const char *query, int parameterCount,
                         const Oid *parameterTypes);
PGresult *clibpq_execPrepared(PGconn *connection, const char *name, int parameterCount,
                              const char *const *values, const int *lengths, const int *formats, int resultFormat);
ExecStatusType clibpq_resultStatus(const PGresult *result);
char *clibpq_resultErrorField(const PGresult *result, int field);
void clibpq_clear(PGresult *result);
int clibpq_ntuples(const PGresult *result);
int clibpq_nfields(const PGresult *result);
char *clibpq_getvalue(const PGresult *result, int row, int column);
int clibpq_getisnull(const PGresult *result, int row, int column);
Oid clibpq_ftype(const PGresult *result, int column);

#endif
