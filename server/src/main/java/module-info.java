/**
 * A Redis server in the JVM: RESP2/RESP3 over TCP on plain NIO, one command thread, the connection
 * commands and Pub/Sub, in front of the keyspace (or any {@link
 * dev.redstruct.server.CommandEngine}).
 */
module dev.redstruct.server {
  requires transitive dev.redstruct.core;
  requires transitive dev.redstruct.keyspace;
  requires static org.junit.jupiter.api; // RedisServerExtension, for those who have JUnit

  exports dev.redstruct.server;
}
