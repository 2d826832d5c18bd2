-- Replay nonces live 900 seconds and are worthless after a crash (every signature older than
-- 300 seconds is refused anyway), so their table skips the write-ahead log: a signed request on
-- PostgreSQL no longer waits for a durable commit of its nonce.
ALTER TABLE "request_nonces" SET UNLOGGED;
