package dev.redstruct.keyspace;

/**
 * The handler of the table's rows that are not a type's face: the commands on any key ({@link
 * KeyCommands}, {@link ExpireCommands}, {@link SortCommand}), the database commands ({@link
 * ServerCommands}) and MULTI/EXEC ({@link Transactions}), chosen by the command's full name as each
 * type's face chooses its own.
 */
final class GenericCommands implements Command.Handler {
  /*
   * One object switching on the name rather than a method reference per row: each method
   * reference is its own invokedynamic site for which the JVM spins and loads a class at first
   * use, ~0.5-2 ms apiece on a cold JVM; the table's 48 rows here cost a server's first start in
   * a JVM ~70 ms that way.
   */
  static final GenericCommands INSTANCE = new GenericCommands();

  private GenericCommands() {}

  @Override
  public void run(Call c) {
    switch (c.cmd.fullName) {
      case "del" -> KeyCommands.del(c);
      case "unlink" -> KeyCommands.unlink(c);
      case "exists" -> KeyCommands.exists(c);
      case "type" -> KeyCommands.type(c);
      case "rename" -> KeyCommands.rename(c);
      case "renamenx" -> KeyCommands.renamenx(c);
      case "copy" -> KeyCommands.copy(c);
      case "touch" -> KeyCommands.touch(c);
      case "randomkey" -> KeyCommands.randomkey(c);
      case "keys" -> KeyCommands.keys(c);
      case "scan" -> KeyCommands.scan(c);
      case "object|idletime", "object|encoding", "object|freq", "object|refcount" ->
          KeyCommands.object(c);
      case "object|help" -> KeyCommands.objectHelp(c);
      case "dump" -> KeyCommands.dump(c);
      case "restore" -> KeyCommands.restore(c);
      case "move" -> KeyCommands.move(c);
      default -> runOther(c);
    }
  }

  private static void runOther(Call c) {
    switch (c.cmd.fullName) {
      case "expire" -> ExpireCommands.expire(c);
      case "pexpire" -> ExpireCommands.pexpire(c);
      case "expireat" -> ExpireCommands.expireat(c);
      case "pexpireat" -> ExpireCommands.pexpireat(c);
      case "ttl" -> ExpireCommands.ttl(c);
      case "pttl" -> ExpireCommands.pttl(c);
      case "expiretime" -> ExpireCommands.expiretime(c);
      case "pexpiretime" -> ExpireCommands.pexpiretime(c);
      case "persist" -> ExpireCommands.persist(c);
      case "sort" -> SortCommand.sort(c);
      case "sort_ro" -> SortCommand.sortRo(c);
      default -> runServer(c);
    }
  }

  private static void runServer(Call c) {
    switch (c.cmd.fullName) {
      case "select" -> ServerCommands.select(c);
      case "swapdb" -> ServerCommands.swapdb(c);
      case "flushdb" -> ServerCommands.flushdb(c);
      case "flushall" -> ServerCommands.flushall(c);
      case "dbsize" -> ServerCommands.dbsize(c);
      case "ping" -> ServerCommands.ping(c);
      case "echo" -> ServerCommands.echo(c);
      case "multi" -> Transactions.multi(c);
      case "exec" -> Transactions.exec(c);
      case "discard" -> Transactions.discard(c);
      case "watch" -> Transactions.watch(c);
      case "unwatch" -> Transactions.unwatch(c);
      default -> throw new IllegalStateException("no handler for " + c.cmd.fullName);
    }
  }
}
