// PostgreSQL's own client library, libpq (Debian: libpq-dev).
#include <postgresql/libpq-fe.h>
