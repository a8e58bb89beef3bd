package dev.redstruct.consumercheck;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * For each library module, compiles a user's module that requires that module alone and catches the
 * {@code CorruptEncodingException} its decoders throw: it compiles only if the module {@code
 * requires transitive dev.redstruct.core}. (The whole-library consumer in {@code src/main} cannot
 * see this, since one transitive edge there makes core readable for all.)
 */
class RequiresTransitiveTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "dev.redstruct.hll, dev.redstruct.hll.HyperLogLog.redisError(e)",
    "dev.redstruct.bitfield, dev.redstruct.bitfield.Bitmap.create()",
    "dev.redstruct.dict, dev.redstruct.dict.Dict.forStrings()",
    "dev.redstruct.ziplist, dev.redstruct.ziplist.ZipList.create().asList(Codec.utf8())",
    "dev.redstruct.listpack, dev.redstruct.listpack.ListPack.create().asList(Codec.utf8())",
    "dev.redstruct.skiplist, dev.redstruct.skiplist.ZSet.create()",
    "dev.redstruct.intset, dev.redstruct.intset.IntSet.create()",
    "dev.redstruct.set, dev.redstruct.set.RedisSet.create().view(Codec.utf8())",
    "dev.redstruct.hash, 'dev.redstruct.hash.RedisHash.create().view(Codec.utf8(), Codec.utf8())'",
    "dev.redstruct.quicklist, dev.redstruct.quicklist.QuickList.create().asList(Codec.utf8())",
    "dev.redstruct.geohash, dev.redstruct.geohash.GeoSet.create()",
    "dev.redstruct.stream, dev.redstruct.stream.RedisStream.create()",
    "dev.redstruct.rdb, dev.redstruct.rdb.RedisPayloads.load(new byte[0])",
  })
  void aModuleRequiringOnlyThisOneCanUseCoreTypes(String module, String use) throws IOException {
    Path src = dir.resolve("src");
    Files.createDirectories(src.resolve("user"));
    Files.writeString(src.resolve("module-info.java"), "module user { requires " + module + "; }");
    Files.writeString(
        src.resolve("user/Use.java"),
        "package user;\n"
            + "import dev.redstruct.core.Codec;\n"
            + "import dev.redstruct.core.CorruptEncodingException;\n"
            + "class Use {\n"
            + "  Object use(CorruptEncodingException e) { return "
            + use
            + "; }\n"
            + "}\n");
    String modulePath =
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(p -> p.contains("redstruct"))
            .collect(Collectors.joining(File.pathSeparator));
    List<String> args =
        new ArrayList<>(
            List.of(
                "-Xlint:all",
                "-Werror",
                "--module-path",
                modulePath,
                "-d",
                dir.resolve("out").toString(),
                src.resolve("module-info.java").toString(),
                src.resolve("user/Use.java").toString()));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
    PrintStream sink = new PrintStream(diagnostics, true, StandardCharsets.UTF_8);
    int rc = javac.run(null, sink, sink, args.toArray(new String[0]));
    assertEquals(0, rc, () -> module + ":\n" + diagnostics.toString(StandardCharsets.UTF_8));
  }
}
