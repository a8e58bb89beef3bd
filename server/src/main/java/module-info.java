/**
 * A Redis server in the JVM: RESP2/RESP3 over TCP on plain NIO, one command thread, the connection
 * commands and Pub/Sub, in front of the keyspace (or any {@link
 * dev.redstruct.server.CommandEngine}); Lua scripting (EVAL, EVALSHA, SCRIPT) in {@code
 * dev.redstruct.server.script} on luaj.
 */
module dev.redstruct.server {
  requires transitive dev.redstruct.core;
  requires transitive dev.redstruct.keyspace;
  requires static org.junit.jupiter.api; // RedisServerExtension, for those who have JUnit

  // luaj-jse 3.0.1 (Lua scripting) cannot be a module, not even an automatic one: it has classes in
  // the unnamed package (lua, luac, luajc). It stays on the class path and this module reads the
  // unnamed module (--add-reads dev.redstruct.server=ALL-UNNAMED, server/pom.xml). On the module
  // path, scripting needs luaj on the class path and that flag; everything else works without it.

  exports dev.redstruct.server;
  exports dev.redstruct.server.script;
}
