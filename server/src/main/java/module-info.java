/**
 * A Redis server in the JVM: RESP2/RESP3 over TCP on plain NIO, one command thread, the connection
 * commands and Pub/Sub, in front of the keyspace (or any {@link
 * dev.redstruct.server.CommandEngine}).
 */
module dev.redstruct.server {
  requires transitive dev.redstruct.core;
  requires transitive dev.redstruct.keyspace;

  exports dev.redstruct.server;
}
