package dev.redstruct.server.script;

import dev.redstruct.keyspace.Keyspace;
import dev.redstruct.keyspace.Session;
import java.nio.charset.StandardCharsets;

/** A script host straight over a {@link Keyspace}, for tests without a server. */
final class KeyspaceHost implements ScriptHost {
  final Keyspace keyspace;
  final Session session;
  int protocol = 2;

  KeyspaceHost(Keyspace keyspace) {
    this.keyspace = keyspace;
    this.session = keyspace.newSession();
  }

  @Override
  public Command lookup(byte[][] argv) {
    String flags = keyspace.commandFlags(argv);
    if (ScriptCommands.handles(argv[0])) {
      return new Command(ScriptCommands.checkArity(argv) == null, false, true, true);
    }
    return flags == null ? null : Command.ofFlags(keyspace.refusal(argv) == null, flags);
  }

  @Override
  public byte[] call(byte[][] argv, int protocol) {
    session.setProtocol(protocol);
    return keyspace.execute(session, argv);
  }

  @Override
  public int protocol() {
    return protocol;
  }

  static byte[][] argv(String... a) {
    byte[][] b = new byte[a.length][];
    for (int i = 0; i < a.length; i++) {
      b[i] = a[i].getBytes(StandardCharsets.ISO_8859_1);
    }
    return b;
  }
}
