package dev.redstruct.server;

import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.keyspace.Keyspace;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * INFO: the sections and fields of Redis 7.0.15 that clients and Redis's own test suite read
 * (src/server.c genRedisInfoString), in Redis's order. Values that describe a C process (memory
 * allocator, fork, RSS) are this JVM's nearest equivalent or Redis's value for "nothing happened";
 * see the README.
 */
final class InfoCommand {
  private static final String[] DEFAULTS = {
    "server",
    "clients",
    "memory",
    "persistence",
    "stats",
    "replication",
    "cpu",
    "module_list",
    "errorstats",
    "cluster",
    "keyspace"
  };

  private final Server server;
  private final AdminCommands admin;

  InfoCommand(Server server, AdminCommands admin) {
    this.server = server;
    this.admin = admin;
  }

  void run(Client c, byte[][] argv) {
    Set<String> sections = new HashSet<>();
    boolean all = false;
    if (argv.length == 1) {
      sections.addAll(java.util.List.of(DEFAULTS));
    }
    for (int i = 1; i < argv.length; i++) {
      String s = new String(argv[i], StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
      if (s.equals("default")) {
        sections.addAll(java.util.List.of(DEFAULTS));
      } else if (s.equals("all") || s.equals("everything")) {
        all = true;
      } else {
        sections.add(s);
      }
    }
    String text = info(sections, all, c);
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    c.reply(new RespWriter(c.resp).verbatim(b, "txt").toByteArray());
  }

  private static final class Text {
    final StringBuilder sb = new StringBuilder();

    Text section(String title) {
      if (sb.length() > 0) {
        sb.append("\r\n");
      }
      sb.append("# ").append(title).append("\r\n");
      return this;
    }

    Text f(String name, Object value) {
      sb.append(name).append(':').append(value).append("\r\n");
      return this;
    }
  }

  /** Redis: genRedisInfoString. */
  String info(Set<String> sections, boolean all, Client caller) {
    Text t = new Text();
    long now = System.currentTimeMillis();
    Stats st = server.stats;
    ServerConfig cfg = server.config;
    if (all || sections.contains("server")) {
      long uptime = (now - st.startMillis) / 1000;
      t.section("Server")
          .f("redis_version", Commands.VERSION)
          .f("redis_git_sha1", "00000000")
          .f("redis_git_dirty", 0)
          .f("redis_build_id", "0")
          .f("redis_mode", "standalone")
          .f(
              "os",
              System.getProperty("os.name")
                  + " "
                  + System.getProperty("os.version")
                  + " "
                  + System.getProperty("os.arch"))
          .f("arch_bits", 64)
          .f("monotonic_clock", "System.nanoTime")
          .f("multiplexing_api", "java.nio")
          .f("atomicvar_api", "java")
          .f("gcc_version", "0.0.0")
          .f("process_id", ProcessHandle.current().pid())
          .f("process_supervised", "no")
          .f("run_id", admin.runId)
          .f("tcp_port", server.port())
          .f("server_time_usec", now * 1000)
          .f("uptime_in_seconds", uptime)
          .f("uptime_in_days", uptime / 86400)
          .f("hz", cfg.get("hz"))
          .f("configured_hz", cfg.get("hz"))
          .f("lru_clock", (now / 1000) & ((1 << 24) - 1))
          .f("executable", "")
          .f("config_file", admin.configFile == null ? "" : admin.configFile)
          .f("io_threads_active", 0);
    }
    if (all || sections.contains("clients")) {
      t.section("Clients")
          .f("connected_clients", server.clients().size())
          .f("cluster_connections", 0)
          .f("maxclients", cfg.get("maxclients"))
          .f("client_recent_max_input_buffer", 0)
          .f("client_recent_max_output_buffer", 0)
          .f("blocked_clients", admin.blockedClients())
          .f("tracking_clients", 0)
          .f("clients_in_timeout_table", 0);
    }
    if (all || sections.contains("memory")) {
      memory(t);
    }
    if (all || sections.contains("persistence")) {
      Persistence p = admin.persistence;
      t.section("Persistence")
          .f("loading", 0)
          .f("async_loading", 0)
          .f("current_cow_peak", 0)
          .f("current_cow_size", 0)
          .f("current_cow_size_age", 0)
          .f("current_fork_perc", "0.00")
          .f("current_save_keys_processed", 0)
          .f("current_save_keys_total", 0)
          .f("rdb_changes_since_last_save", server.stats.changesSinceSave(server.engine))
          .f("rdb_bgsave_in_progress", 0)
          .f("rdb_last_save_time", p.lastSaveSeconds)
          .f("rdb_last_bgsave_status", p.lastSaveOk ? "ok" : "err")
          .f("rdb_last_bgsave_time_sec", p.lastBgsaveSeconds)
          .f("rdb_current_bgsave_time_sec", -1)
          .f("rdb_saves", p.saves)
          .f("rdb_last_cow_size", 0)
          .f("rdb_last_load_keys_expired", p.lastLoadExpired)
          .f("rdb_last_load_keys_loaded", p.lastLoadLoaded)
          .f("aof_enabled", 0)
          .f("aof_rewrite_in_progress", 0)
          .f("aof_rewrite_scheduled", 0)
          .f("aof_last_rewrite_time_sec", -1)
          .f("aof_current_rewrite_time_sec", -1)
          .f("aof_last_bgrewrite_status", "ok")
          .f("aof_rewrites", 0)
          .f("aof_rewrites_consecutive_failures", 0)
          .f("aof_last_write_status", "ok")
          .f("aof_last_cow_size", 0)
          .f("module_fork_in_progress", 0)
          .f("module_fork_last_cow_size", 0);
    }
    if (all || sections.contains("stats")) {
      stats(t, st);
    }
    if (all || sections.contains("replication")) {
      t.section("Replication")
          .f("role", server.replication.masterHost() == null ? "master" : "slave")
          .f("connected_slaves", server.replication.count())
          .f("master_failover_state", "no-failover")
          .f("master_replid", admin.replId)
          .f("master_replid2", "0000000000000000000000000000000000000000")
          .f("master_repl_offset", server.replication.offset())
          .f("second_repl_offset", -1)
          .f("repl_backlog_active", 0)
          .f("repl_backlog_size", cfg.get("repl-backlog-size"))
          .f("repl_backlog_first_byte_offset", 0)
          .f("repl_backlog_histlen", 0);
    }
    if (all || sections.contains("cpu")) {
      cpu(t);
    }
    if (all || sections.contains("module_list") || sections.contains("modules")) {
      t.section("Modules");
    }
    if (all || sections.contains("commandstats")) {
      t.section("Commandstats");
      for (Map.Entry<String, Stats.CommandStat> e : st.commands.entrySet()) {
        Stats.CommandStat s = e.getValue();
        double per = s.calls == 0 ? 0 : (double) s.micros / s.calls;
        t.f(
            "cmdstat_" + e.getKey(),
            "calls="
                + s.calls
                + ",usec="
                + s.micros
                + ",usec_per_call="
                + String.format(Locale.ROOT, "%.2f", per)
                + ",rejected_calls="
                + s.rejected
                + ",failed_calls="
                + s.failed);
      }
    }
    if (all || sections.contains("errorstats")) {
      t.section("Errorstats");
      for (Map.Entry<String, Long> e : st.errors.entrySet()) {
        t.f("errorstat_" + e.getKey(), "count=" + e.getValue());
      }
    }
    if (all || sections.contains("cluster")) {
      t.section("Cluster").f("cluster_enabled", 0);
    }
    if (all || sections.contains("keyspace")) {
      t.section("Keyspace");
      Keyspace ks = admin.keyspace();
      if (ks != null) {
        for (int db = 0; db < Keyspace.DATABASES; db++) {
          long keys = ks.dbSize(db);
          if (keys > 0) {
            t.f("db" + db, "keys=" + keys + ",expires=" + ks.expiresSize(db) + ",avg_ttl=0");
          }
        }
      }
    }
    return t.sb.toString();
  }

  private void memory(Text t) {
    Runtime rt = Runtime.getRuntime();
    long used = rt.totalMemory() - rt.freeMemory();
    long max = rt.maxMemory();
    long maxmemory = server.config.getLong("maxmemory");
    long[] scripts = server.scriptCounts();
    t.section("Memory")
        .f("used_memory", used)
        .f("used_memory_human", human(used))
        .f("used_memory_rss", rt.totalMemory())
        .f("used_memory_rss_human", human(rt.totalMemory()))
        .f("used_memory_peak", used)
        .f("used_memory_peak_human", human(used))
        .f("used_memory_peak_perc", "100.00%")
        .f("used_memory_overhead", 0)
        .f("used_memory_startup", 0)
        .f("used_memory_dataset", used)
        .f("used_memory_dataset_perc", "100.00%")
        .f("allocator_allocated", used)
        .f("allocator_active", rt.totalMemory())
        .f("allocator_resident", rt.totalMemory())
        .f("total_system_memory", max)
        .f("total_system_memory_human", human(max))
        .f("used_memory_lua", 0)
        .f("used_memory_vm_eval", 0)
        .f("used_memory_lua_human", "0B")
        .f("used_memory_scripts_eval", 0)
        .f("number_of_cached_scripts", scripts[0])
        .f("number_of_functions", scripts[1])
        .f("number_of_libraries", scripts[2])
        .f("used_memory_vm_functions", 0)
        .f("used_memory_vm_total", 0)
        .f("used_memory_vm_total_human", "0B")
        .f("used_memory_functions", 0)
        .f("used_memory_scripts", 0)
        .f("used_memory_scripts_human", "0B")
        .f("maxmemory", maxmemory)
        .f("maxmemory_human", human(maxmemory))
        .f("maxmemory_policy", server.config.get("maxmemory-policy"))
        .f("allocator_frag_ratio", "1.00")
        .f("allocator_frag_bytes", 0)
        .f("allocator_rss_ratio", "1.00")
        .f("allocator_rss_bytes", 0)
        .f("rss_overhead_ratio", "1.00")
        .f("rss_overhead_bytes", 0)
        .f("mem_fragmentation_ratio", "1.00")
        .f("mem_fragmentation_bytes", 0)
        .f("mem_not_counted_for_evict", 0)
        .f("mem_replication_backlog", 0)
        .f("mem_total_replication_buffers", 0)
        .f("mem_clients_slaves", 0)
        .f("mem_clients_normal", 0)
        .f("mem_cluster_links", 0)
        .f("mem_aof_buffer", 0)
        .f("mem_allocator", "jvm")
        .f("active_defrag_running", 0)
        .f("lazyfree_pending_objects", 0)
        .f("lazyfreed_objects", 0);
  }

  private void stats(Text t, Stats st) {
    t.section("Stats")
        .f("total_connections_received", st.connectionsReceived)
        .f("total_commands_processed", st.commandsProcessed)
        .f("instantaneous_ops_per_sec", 0)
        .f("total_net_input_bytes", st.netInputBytes)
        .f("total_net_output_bytes", st.netOutputBytes)
        .f("total_net_repl_input_bytes", 0)
        .f("total_net_repl_output_bytes", 0)
        .f("instantaneous_input_kbps", "0.00")
        .f("instantaneous_output_kbps", "0.00")
        .f("instantaneous_input_repl_kbps", "0.00")
        .f("instantaneous_output_repl_kbps", "0.00")
        .f("rejected_connections", st.rejectedConnections)
        .f("sync_full", 0)
        .f("sync_partial_ok", 0)
        .f("sync_partial_err", 0)
        .f("expired_keys", 0)
        .f("expired_stale_perc", "0.00")
        .f("expired_time_cap_reached_count", 0)
        .f("expire_cycle_cpu_milliseconds", 0)
        .f("evicted_keys", st.evictedKeys)
        .f("evicted_clients", 0)
        .f("total_eviction_exceeded_time", 0)
        .f("current_eviction_exceeded_time", 0)
        .f("keyspace_hits", 0)
        .f("keyspace_misses", 0)
        .f("pubsub_channels", server.pubsub.channelCount(false))
        .f("pubsub_patterns", server.pubsub.numpat())
        .f("pubsubshard_channels", server.pubsub.channelCount(true))
        .f("latest_fork_usec", 0)
        .f("total_forks", 0)
        .f("migrate_cached_sockets", 0)
        .f("slave_expires_tracked_keys", 0)
        .f("active_defrag_hits", 0)
        .f("active_defrag_misses", 0)
        .f("active_defrag_key_hits", 0)
        .f("active_defrag_key_misses", 0)
        .f("total_active_defrag_time", 0)
        .f("current_active_defrag_time", 0)
        .f("tracking_total_keys", 0)
        .f("tracking_total_items", 0)
        .f("tracking_total_prefixes", 0)
        .f("unexpected_error_replies", 0)
        .f("total_error_replies", st.errorReplies)
        .f("dump_payload_sanitizations", 0)
        .f("total_reads_processed", 0)
        .f("total_writes_processed", 0)
        .f("io_threaded_reads_processed", 0)
        .f("io_threaded_writes_processed", 0)
        .f("reply_buffer_shrinks", 0)
        .f("reply_buffer_expands", 0);
  }

  private static void cpu(Text t) {
    // the process's CPU time (ProcessHandle), all counted as user time
    double user =
        ProcessHandle.current().info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(0.0);
    double sys = 0;
    String us = String.format(Locale.ROOT, "%.6f", user);
    String sy = String.format(Locale.ROOT, "%.6f", sys);
    t.section("CPU")
        .f("used_cpu_sys", sy)
        .f("used_cpu_user", us)
        .f("used_cpu_sys_children", "0.000000")
        .f("used_cpu_user_children", "0.000000")
        .f("used_cpu_sys_main_thread", sy)
        .f("used_cpu_user_main_thread", us);
  }

  /** Redis: bytesToHuman. */
  static String human(long n) {
    double d = n;
    if (n < 1024) {
      return n + "B";
    } else if (n < 1024L * 1024) {
      return String.format(Locale.ROOT, "%.2fK", d / 1024);
    } else if (n < 1024L * 1024 * 1024) {
      return String.format(Locale.ROOT, "%.2fM", d / (1024 * 1024));
    } else if (n < 1024L * 1024 * 1024 * 1024) {
      return String.format(Locale.ROOT, "%.2fG", d / (1024L * 1024 * 1024));
    }
    return String.format(Locale.ROOT, "%.2fT", d / (1024L * 1024 * 1024 * 1024));
  }
}
