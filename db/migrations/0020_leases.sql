-- Work claimed by one process among several on one database (issue 20): a named lease with an
-- owner and an expiry. A process that dies holding one loses it when it expires, and another
-- process takes the work over (expiring timers, advancing a tournament).
CREATE TABLE leases (
    name        TEXT    PRIMARY KEY,
    owner       TEXT    NOT NULL,
    expires_at  REAL    NOT NULL
);
CREATE INDEX leases_by_expiry ON leases (expires_at);
