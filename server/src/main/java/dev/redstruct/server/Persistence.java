package dev.redstruct.server;

import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.keyspace.Keyspace;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * SAVE, BGSAVE, LASTSAVE, SHUTDOWN and the RDB file read at start ({@code dir}/{@code dbfilename}).
 * Redis: saveCommand, bgsaveCommand, lastsaveCommand (src/rdb.c), shutdownCommand and
 * prepareForShutdown (src/server.c, src/db.c), loadDataFromDisk (src/server.c), 7.0.15. BGSAVE
 * saves synchronously on the command thread (no fork) and answers as Redis does.
 */
final class Persistence {
  private final Server server;
  private final AdminCommands admin;
  long lastSaveSeconds = System.currentTimeMillis() / 1000;
  long lastBgsaveSeconds = -1;
  boolean lastSaveOk = true;
  long saves;
  long lastLoadLoaded;
  long lastLoadExpired;

  Persistence(Server server, AdminCommands admin) {
    this.server = server;
    this.admin = admin;
  }

  /** The RDB file: {@code dir}/{@code dbfilename}. */
  Path file() {
    return Path.of(server.config.get("dir")).resolve(server.config.get("dbfilename"));
  }

  /**
   * Loads the RDB file into the keyspace if it exists. Redis: loadDataFromDisk, rdbLoad.
   *
   * @return the keys loaded, or -1 if there is no file
   */
  long loadAtStart(Keyspace ks) {
    Path f = file();
    if (!Files.isRegularFile(f)) {
      return -1;
    }
    try (InputStream in = new BufferedInputStream(Files.newInputStream(f))) {
      Keyspace.RdbLoad r = ks.loadRdb(in);
      lastLoadLoaded = r.loaded();
      lastLoadExpired = r.expired();
      return r.loaded();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + f, e);
    }
  }

  /**
   * Writes the keyspace to the RDB file through a temporary file renamed over it. Redis: rdbSave.
   *
   * @return whether it was written
   */
  boolean save() {
    Keyspace ks = admin.keyspace();
    Path f = file();
    Path tmp = f.resolveSibling("temp-" + ProcessHandle.current().pid() + ".rdb");
    try {
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
        if (ks != null) {
          ks.saveRdb(out);
        } else {
          Keyspace.create().saveRdb(out);
        }
      }
      Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | UncheckedIOException e) {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException ignored) {
        // nothing more to do
      }
      lastSaveOk = false;
      return false;
    }
    lastSaveOk = true;
    lastSaveSeconds = System.currentTimeMillis() / 1000;
    saves++;
    server.stats.dirty = 0;
    server.stats.changesAtSave = Math.max(0, server.engine.changes());
    return true;
  }

  /** Redis: saveCommand. */
  void saveCommand(Client c) {
    c.reply(save() ? Commands.ok() : Commands.error("ERR"));
  }

  /** Redis: bgsaveCommand (BGSAVE [SCHEDULE]); the save itself is synchronous here. */
  void bgsaveCommand(Client c, byte[][] argv) {
    if (argv.length > 2 || (argv.length == 2 && !Builtin.lower(argv[1]).equals("schedule"))) {
      c.reply(Commands.error(Commands.SYNTAX));
      return;
    }
    long start = System.currentTimeMillis();
    if (save()) {
      lastBgsaveSeconds = (System.currentTimeMillis() - start) / 1000;
      c.reply(new RespWriter().simple("Background saving started").toByteArray());
    } else {
      c.reply(Commands.error("ERR Background save failed"));
    }
  }

  /** Redis: lastsaveCommand. */
  void lastsaveCommand(Client c) {
    c.reply(new RespWriter(c.resp).integer(lastSaveSeconds).toByteArray());
  }

  /**
   * Redis: shutdownCommand: NOSAVE, SAVE, NOW, FORCE, ABORT; without either save flag it saves when
   * save points are configured. On success the server stops and nothing is answered.
   */
  void shutdownCommand(Client c, byte[][] argv) {
    boolean nosave = false;
    boolean saveFlag = false;
    boolean force = false;
    boolean now = false;
    boolean abort = false;
    for (int i = 1; i < argv.length; i++) {
      switch (Builtin.lower(argv[i])) {
        case "nosave":
          nosave = true;
          break;
        case "save":
          saveFlag = true;
          break;
        case "now":
          now = true;
          break;
        case "force":
          force = true;
          break;
        case "abort":
          abort = true;
          break;
        default:
          c.reply(Commands.error(Commands.SYNTAX));
          return;
      }
    }
    if ((abort && (nosave || saveFlag || now || force)) || (nosave && saveFlag)) {
      c.reply(Commands.error(Commands.SYNTAX));
      return;
    }
    if (abort) {
      c.reply(Commands.error("ERR No shutdown in progress."));
      return;
    }
    if (!now && c.inExec) {
      c.reply(
          Commands.error(
              "ERR SHUTDOWN without NOW or ABORT isn't allowed for DENY BLOCKING client"));
      return;
    }
    boolean wantSave = saveFlag || (!nosave && !server.config.get("save").isEmpty());
    if (wantSave && !save() && !force) {
      c.reply(Commands.error("ERR Errors trying to SHUTDOWN. Check logs."));
      return;
    }
    server.stop();
  }
}
