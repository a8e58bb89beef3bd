package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded random subscribe/unsubscribe/publish/forget sequences on the server's Pub/Sub state,
 * against a model of per-client sets: receiver counts, NUMPAT and each client's subscriptions
 * agree, and the invariants hold after every step. The seed is printed on failure; replay with
 * {@code -Dredstruct.seed=...}.
 */
class PubSubModelTest {
  private static final long SEED = Long.getLong("redstruct.seed", System.nanoTime());
  private static final String[] CHANNELS = {"a", "b", "ab", "news", "x1"};
  private static final String[] PATTERNS = {"a*", "*", "x?", "[ab]", "none*"};

  private static byte[][] argv(String... words) {
    byte[][] a = new byte[words.length][];
    for (int i = 0; i < words.length; i++) {
      a[i] = words[i].getBytes(StandardCharsets.US_ASCII);
    }
    return a;
  }

  private static boolean globMatches(String pattern, String s) {
    String regex = pattern.replace("*", ".*").replace("?", ".").replace("[ab]", "[ab]");
    return s.matches(regex);
  }

  @Test
  void randomOperationsAgreeWithTheModel() {
    SplittableRandom r = new SplittableRandom(SEED);
    PubSub ps = new PubSub();
    List<Client> clients = new ArrayList<>();
    Map<Client, Set<String>> chans = new HashMap<>();
    Map<Client, Set<String>> pats = new HashMap<>();
    for (int i = 0; i < 6; i++) {
      Client c = new Client(i + 1, null, 1 << 20, "addr", "laddr", 0);
      c.resp = i % 2 == 0 ? 2 : 3;
      clients.add(c);
      chans.put(c, new HashSet<>());
      pats.put(c, new HashSet<>());
    }
    for (int step = 0; step < 5000; step++) {
      Client c = clients.get(r.nextInt(clients.size()));
      String ch = CHANNELS[r.nextInt(CHANNELS.length)];
      String pat = PATTERNS[r.nextInt(PATTERNS.length)];
      switch (r.nextInt(6)) {
        case 0:
          ps.subscribe(c, argv("SUBSCRIBE", ch), false);
          chans.get(c).add(ch);
          break;
        case 1:
          ps.unsubscribe(c, argv("UNSUBSCRIBE", ch), false);
          chans.get(c).remove(ch);
          break;
        case 2:
          ps.psubscribe(c, argv("PSUBSCRIBE", pat));
          pats.get(c).add(pat);
          break;
        case 3:
          ps.punsubscribe(c, argv("PUNSUBSCRIBE", pat));
          pats.get(c).remove(pat);
          break;
        case 4:
          if (r.nextInt(10) == 0) {
            ps.forget(c);
            chans.get(c).clear();
            pats.get(c).clear();
          }
          break;
        default:
          int want = 0;
          for (Client x : clients) {
            want += chans.get(x).contains(ch) ? 1 : 0;
            for (String p : pats.get(x)) {
              want += globMatches(p, ch) ? 1 : 0;
            }
          }
          assertEquals(want, ps.publish(argv(ch)[0], argv("m")[0], false), "seed " + SEED);
      }
      assertEquals(chans.get(c).size(), c.channels.size(), "seed " + SEED);
      assertEquals(pats.get(c).size(), c.patterns.size(), "seed " + SEED);
      long distinctPatterns = pats.values().stream().flatMap(Set::stream).distinct().count();
      assertEquals(distinctPatterns, ps.numpat(), "seed " + SEED);
      assertTrue(ps.checkInvariants(clients), "seed " + SEED);
    }
  }
}
