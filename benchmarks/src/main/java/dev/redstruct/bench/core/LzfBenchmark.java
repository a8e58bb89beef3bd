package dev.redstruct.bench.core;

import com.ning.compress.lzf.ChunkDecoder;
import com.ning.compress.lzf.ChunkEncoder;
import com.ning.compress.lzf.LZFException;
import com.ning.compress.lzf.util.ChunkDecoderFactory;
import com.ning.compress.lzf.util.ChunkEncoderFactory;
import dev.redstruct.bench.Goal;
import dev.redstruct.bench.ResultsMayDiffer;
import dev.redstruct.core.rdb.Lzf;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * LZF throughput: redstruct's {@code Lzf} (Redis's {@code lzf_c.c}/{@code lzf_d.c}, byte-identical
 * output) against {@code com.ning:compress-lzf} 1.1.2, the common Java LZF, through its fastest
 * ("optimal", {@code sun.misc.Unsafe}) encoder and decoder. Each input is compressed separately, as
 * Redis compresses one string or one quicklist node. Both decoders read the same streams (ours: the
 * format is the same, only match choices differ), each into an output of the exact size. Score:
 * passes over the whole corpus per millisecond, so the ratio to {@code ning} is the ratio of
 * throughputs.
 *
 * <p>Corpora: {@code shortStrings}, 1,024 strings of 21 to 128 bytes (words, ids and digits, what
 * list elements and hash values hold); {@code jsonRecords}, 64 blocks of 8 KiB of JSON records with
 * the same keys (a quicklist node at the default {@code list-max-listpack-size -2}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Goal(operation = "compress", variant = "redstruct", atLeast = 1.0)
@Goal(operation = "decompress", variant = "redstruct", atLeast = 1.0)
public class LzfBenchmark {
  /** The peer every variant is compared with: there is no JDK LZF. */
  public static final String BASELINE = "ning";

  private static final long SEED = 0x12F_2026L;

  /** The corpus, see the class description. */
  @Param({"shortStrings", "jsonRecords"})
  public String corpus;

  private byte[][] inputs;
  private byte[][] compressed;
  private int[] compressedLength;
  private byte[] out;
  private Lzf lzf;
  private ChunkEncoder ning;
  private ChunkDecoder ningDecoder;
  private ChunkEncoder ningSafe;
  private ChunkDecoder ningSafeDecoder;

  /** Builds the corpus and our compressed streams; checks both decoders on them. */
  @Setup(Level.Trial)
  public void setUp() throws LZFException {
    inputs = "jsonRecords".equals(corpus) ? jsonRecords() : shortStrings();
    int max = Arrays.stream(inputs).mapToInt(b -> b.length).max().orElse(0);
    out = new byte[max + max / 16 + 64];
    lzf = Lzf.create();
    ning = ChunkEncoderFactory.optimalNonAllocatingInstance(max);
    ningDecoder = ChunkDecoderFactory.optimalInstance();
    ningSafe = ChunkEncoderFactory.safeNonAllocatingInstance(max);
    ningSafeDecoder = ChunkDecoderFactory.safeInstance();
    compressed = new byte[inputs.length][];
    compressedLength = new int[inputs.length];
    for (int i = 0; i < inputs.length; i++) {
      byte[] in = inputs[i];
      byte[] c = new byte[in.length + in.length / 16 + 64];
      compressedLength[i] = lzf.compress(in, 0, in.length, c, 0, c.length);
      compressed[i] = c;
      byte[] back = new byte[in.length];
      ningDecoder.decodeChunk(c, 0, back, 0, back.length);
      if (!Arrays.equals(in, back)) {
        throw new IllegalStateException("compress-lzf does not decode our stream " + i);
      }
    }
  }

  static byte[][] shortStrings() {
    String[] words = {"user", "session", "item", "cart", "order", "key", "value", "ok", "id"};
    SplittableRandom r = new SplittableRandom(SEED);
    byte[][] in = new byte[1024][];
    for (int i = 0; i < in.length; i++) {
      int len = 21 + r.nextInt(108);
      StringBuilder sb = new StringBuilder(len + 16);
      while (sb.length() < len) {
        sb.append(words[r.nextInt(words.length)]).append(':').append(r.nextInt(1_000_000));
        sb.append(r.nextBoolean() ? ':' : ' ');
      }
      in[i] = sb.substring(0, len).getBytes(StandardCharsets.US_ASCII);
    }
    return in;
  }

  static byte[][] jsonRecords() {
    SplittableRandom r = new SplittableRandom(SEED);
    byte[][] in = new byte[64][];
    for (int i = 0; i < in.length; i++) {
      StringBuilder sb = new StringBuilder(8192 + 256);
      while (sb.length() < 8192) {
        sb.append("{\"id\":")
            .append(r.nextInt(10_000_000))
            .append(",\"name\":\"user")
            .append(r.nextInt(100_000))
            .append("\",\"active\":")
            .append(r.nextBoolean())
            .append(",\"score\":")
            .append(r.nextInt(10_000) / 100.0)
            .append(",\"tags\":[\"red\",\"blue\"]}");
      }
      in[i] = sb.substring(0, 8192).getBytes(StandardCharsets.US_ASCII);
    }
    return in;
  }

  /**
   * redstruct: Redis's compressor, fresh hash table per input.
   *
   * @return total compressed bytes
   */
  @Benchmark
  @ResultsMayDiffer("different match choices: the compressed sizes differ")
  public long compress_redstruct() {
    long total = 0;
    for (byte[] in : inputs) {
      total += lzf.compress(in, 0, in.length, out, 0, out.length);
    }
    return total;
  }

  /**
   * compress-lzf: one chunk per input (a 5- or 7-byte chunk header, then the stream).
   *
   * @return total compressed bytes, headers included
   */
  @Benchmark
  @ResultsMayDiffer("different match choices: the compressed sizes differ")
  public long compress_ning() {
    long total = 0;
    for (byte[] in : inputs) {
      total += ning.appendEncodedChunk(in, 0, in.length, out, 0);
    }
    return total;
  }

  /**
   * compress-lzf's pure-Java encoder (no {@code sun.misc.Unsafe}), for context.
   *
   * @return total compressed bytes, headers included
   */
  @Benchmark
  @ResultsMayDiffer("different match choices: the compressed sizes differ")
  public long compress_ningSafe() {
    long total = 0;
    for (byte[] in : inputs) {
      total += ningSafe.appendEncodedChunk(in, 0, in.length, out, 0);
    }
    return total;
  }

  /**
   * redstruct: bounds-checked decompression.
   *
   * @return total decompressed bytes plus the last byte of each output
   */
  @Benchmark
  public long decompress_redstruct() {
    long total = 0;
    for (int i = 0; i < inputs.length; i++) {
      int n = inputs[i].length;
      total += Lzf.decompress(compressed[i], 0, compressedLength[i], out, 0, n) + out[n - 1];
    }
    return total;
  }

  /**
   * compress-lzf: {@code decodeChunk} on the raw stream.
   *
   * @return total decompressed bytes plus the last byte of each output
   * @throws LZFException if a stream is corrupt (never: checked in setup)
   */
  @Benchmark
  public long decompress_ning() throws LZFException {
    long total = 0;
    for (int i = 0; i < inputs.length; i++) {
      int n = inputs[i].length;
      ningDecoder.decodeChunk(compressed[i], 0, out, 0, n);
      total += n + out[n - 1];
    }
    return total;
  }

  /**
   * compress-lzf's pure-Java decoder (no {@code sun.misc.Unsafe}), for context.
   *
   * @return total decompressed bytes plus the last byte of each output
   * @throws LZFException if a stream is corrupt (never: checked in setup)
   */
  @Benchmark
  public long decompress_ningSafe() throws LZFException {
    long total = 0;
    for (int i = 0; i < inputs.length; i++) {
      int n = inputs[i].length;
      ningSafeDecoder.decodeChunk(compressed[i], 0, out, 0, n);
      total += n + out[n - 1];
    }
    return total;
  }
}
