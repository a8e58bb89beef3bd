package dev.redstruct.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReportOptionsTest {
  private final ReportOptions options = new ReportOptions(false, null, null, Path.of("out"), false);

  /** Child main: echoes a system property and its arguments, or fails on request. */
  public static final class Echo {
    private Echo() {}

    public static void main(String[] args) {
      if (args.length > 0 && args[0].equals("fail")) {
        System.exit(3);
      }
      System.out.print(System.getProperty("echo") + ":" + String.join(",", args));
    }
  }

  @Test
  void runsAChildJvmWithFlagsOnTheSameClassPath() throws Exception {
    String out =
        options.runJava(
            List.of("-Decho=hi"), Echo.class, List.of("a", "b"), Duration.ofSeconds(60));
    assertEquals("hi:a,b", out);
  }

  @Test
  void childFailureIsAnIOException() {
    IOException e =
        assertThrows(
            IOException.class,
            () -> options.runJava(List.of(), Echo.class, List.of("fail"), Duration.ofSeconds(60)));
    assertTrue(e.getMessage().startsWith("exit status 3"), e.getMessage());
  }

  @Test
  void commandCarriesTheAttachFlagBeforeTheCallersFlags() {
    List<String> cmd = options.javaCommand(List.of("-Xmx64m"), Echo.class, List.of());
    assertEquals("-Djdk.attach.allowAttachSelf=true", cmd.get(1));
    assertEquals("-Xmx64m", cmd.get(2));
    assertEquals(Echo.class.getName(), cmd.get(cmd.size() - 1));
  }
}
