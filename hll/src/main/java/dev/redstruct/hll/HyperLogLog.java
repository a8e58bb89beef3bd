package dev.redstruct.hll;

import static dev.redstruct.hll.HllLayout.DENSE;
import static dev.redstruct.hll.HllLayout.DENSE_SIZE;
import static dev.redstruct.hll.HllLayout.HDR_SIZE;
import static dev.redstruct.hll.HllLayout.REGISTERS;

import dev.redstruct.core.CorruptEncodingException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A Redis HyperLogLog whose state is the Redis string value itself: {@link #toByteArray()} returns
 * the bytes {@code GET} returns for a key built with the same {@code PFADD}, {@code PFCOUNT} and
 * {@code PFMERGE} calls, and bytes read from Redis can be loaded with {@link #copyOf(byte[])}.
 *
 * <p>Mirrors Redis 7.0.15 {@code src/hyperloglog.c}: 16384 registers of 6 bits, MurmurHash64A with
 * seed {@code 0xadc83b19}, a sparse run-length encoding that is promoted to the 12304-byte dense
 * encoding when a register needs a value above 32 or the string would grow past {@link
 * #sparseMaxBytes()} (Redis's {@code hll-sparse-max-bytes}, default 3000), Ertl's estimator, and
 * the cached cardinality in the header (bit 7 of byte 15 set = stale).
 *
 * <table class="striped">
 *   <caption>Redis commands and their counterparts</caption>
 *   <thead><tr><th>Redis</th><th>here</th></tr></thead>
 *   <tbody>
 *   <tr><td>{@code PFADD k e1 e2}</td><td>{@link #add(byte[]...)} (on a sketch from
 *   {@link #create()} for a new key; PFADD then replies 1 whatever {@code add} returns);
 *   {@link #add(long)} and {@link #add(CharSequence)} hash the bytes a client sends for a number
 *   or a string; {@link #addAll(long[])} for many numbers</td></tr>
 *   <tr><td>{@code PFCOUNT k}</td><td>{@link #count()}: uses and refreshes the cache;
 *   {@link #redisCount()} for the reply</td></tr>
 *   <tr><td>{@code PFCOUNT k1 k2}</td><td>{@link #countUnion(HyperLogLog...)}: no cache;
 *   {@link #redisCountUnion(HyperLogLog...)} for the reply</td></tr>
 *   <tr><td>{@code PFMERGE d s1 s2}</td><td>{@code d.merge(s1, s2)}</td></tr>
 *   <tr><td>{@code PFDEBUG TODENSE k}</td><td>{@link #toDense()}</td></tr>
 *   <tr><td>{@code PFDEBUG GETREG k}</td><td>{@link #register(int)} after {@link #toDense()}</td></tr>
 *   </tbody>
 * </table>
 *
 * <p>Complexity: {@code add} is O(1) dense and O(sparse length) sparse (bounded by {@code
 * sparseMaxBytes}); {@code count()} is O(1) with a valid cache, else O(16384); {@code merge} is
 * O(16384 per source) plus, for a sparse result, one sparse write per non-zero register. {@code
 * add(byte[])}, {@code add(long)} and the bulk forms {@link #add(byte[]...)} and {@link
 * #addAll(long[])} allocate nothing while dense; the bulk forms are the fast way to add many
 * elements (they overlap the hashing of neighbouring elements).
 *
 * <p>Untrusted bytes: {@link #copyOf(byte[])} and {@link #wrap(byte[])} check everything Redis
 * checks (header, dense length, sparse runs) up front and throw {@link CorruptEncodingException};
 * {@link #isNotHyperLogLog(CorruptEncodingException)} and {@link
 * #redisError(CorruptEncodingException)} tell Redis's two verdicts apart. Like Redis, a valid
 * cached cardinality is returned as stored, even if it was crafted.
 *
 * <p>Null arguments (and null elements of array arguments) are rejected with a {@link
 * NullPointerException} naming the parameter, before anything changes.
 *
 * <p>Thread safety: not thread-safe, and not even for concurrent readers, because {@link #count()}
 * writes the cached cardinality into the header as {@code PFCOUNT} does. Confine a sketch to one
 * thread or synchronise externally. Distinct sketches share nothing (the class holds no static
 * mutable state), so threads working on different sketches never interfere.
 */
public final class HyperLogLog {
  /* Implementation notes.
   * State = the Redis string: buf[0, len) (buf may be longer: spare room for sparse growth, like
   * sds's free space, which never shows in the bytes). Every method mirrors one Redis function and
   * edits the same bytes the same way, because byte equality with GET is the contract:
   *   add      -> hllAdd / hllDenseSet / hllSparseSet (HllSparse.set)
   *   count()  -> pfcountCommand single key + hllCount (HllEstimator)
   *   countUnion -> pfcountCommand multi key (raw max array, nothing cached)
   *   merge    -> pfmergeCommand: the destination is itself an input; the result turns dense only
   *               if some input is dense, else registers are written one by one with hllSparseSet
   *               in ascending order (which may still promote). A dense result is converted
   *               first and raised in place to each source (the same registers as Redis's scratch
   *               maximum array followed by hllDenseSet, without the array).
   *   add(byte[]...), addAll(long[]) -> pfaddCommand's loop: once dense, a few elements are
   *               hashed before their registers are read, and the cache flag is written once.
   *   toDense  -> hllSparseToDense (header copied, cache included).
   * Redis validates sparse bodies lazily; we validate at the boundary (copyOf/wrap), so internal
   * walkers may trust the bytes. See HllLayout for the picture and HllSparse for the opcodes.
   *
   * Invariants (checkInvariants):
   *   I1  16 <= len <= buf.length, and buf starts with "HYLL".
   *   I2  buf[4] is 0 (dense) or 1 (sparse).
   *   I3  dense => len == 12304.
   *   I4  sparse => complete opcodes whose runs add up to exactly 16384.
   *   I5  sparseMaxBytes >= 0.
   */

  byte[] buf;
  int len;
  long sparseMaxBytes;

  private HyperLogLog(byte[] buf, int len, long sparseMaxBytes) {
    this.buf = buf;
    this.len = len;
    this.sparseMaxBytes = sparseMaxBytes;
  }

  // ---------------------------------------------------------------- factories

  /**
   * Returns an empty sketch: the 18 bytes Redis stores for a new key, e.g. after {@code PFADD k}
   * with no element (sparse, one XZERO opcode, cached count 0 marked stale: {@code 48594c4c 01
   * 000000 0000000000000080 7fff}), with {@code hll-sparse-max-bytes} = 3000. Redis:
   * createHLLObject, whose valid cache every command that stores a new HyperLogLog (PFADD, PFMERGE)
   * then flags stale; {@link #count()} clears the flag as {@code PFCOUNT} does.
   *
   * @return a new empty sketch
   */
  public static HyperLogLog create() {
    return create(HllLayout.DEFAULT_SPARSE_MAX_BYTES);
  }

  /**
   * Returns an empty sketch that promotes to dense past {@code sparseMaxBytes}.
   *
   * @param sparseMaxBytes the largest sparse string length, header included (Redis's {@code
   *     hll-sparse-max-bytes}); 0 or more
   * @return a new empty sketch
   * @throws IllegalArgumentException if {@code sparseMaxBytes} is negative
   */
  public static HyperLogLog create(long sparseMaxBytes) {
    checkSparseMaxBytes(sparseMaxBytes);
    byte[] s = new byte[64];
    HllLayout.writeMagic(s);
    s[HllLayout.ENCODING_OFFSET] = HllLayout.SPARSE;
    int len = HllSparse.writeEmpty(s);
    HllLayout.invalidateCache(s);
    return new HyperLogLog(s, len, sparseMaxBytes);
  }

  /**
   * The cardinality cached in a value's header, read without decoding the body, when the header
   * marks it valid: what {@code PFCOUNT key} replies for such a value without looking further (so a
   * sparse body that does not cover every register still counts, as in Redis). The caller has
   * checked the header (magic and encoding).
   *
   * <p>Redis: pfcountCommand's HLL_VALID_CACHE branch, src/hyperloglog.c.
   *
   * @param value the bytes of a Redis HyperLogLog, at least the 16-byte header
   * @return the cached cardinality, or empty when the cache is marked stale
   * @throws IllegalArgumentException if {@code value} is shorter than the header
   */
  public static OptionalLong cachedCount(byte[] value) {
    if (value.length < HDR_SIZE) {
      throw new IllegalArgumentException("shorter than the header: " + value.length);
    }
    return HllLayout.isCacheValid(value)
        ? OptionalLong.of(HllLayout.readCard(value))
        : OptionalLong.empty();
  }

  /**
   * Loads a Redis string value, copying it.
   *
   * @param value the bytes of a Redis HyperLogLog, as {@code GET} returns them
   * @return a sketch owning a copy of {@code value}
   * @throws CorruptEncodingException if the bytes are not a valid HyperLogLog (see {@link
   *     #isNotHyperLogLog(CorruptEncodingException)})
   */
  public static HyperLogLog copyOf(byte[] value) {
    validate(Objects.requireNonNull(value, "value"));
    byte[] copy = Arrays.copyOf(value, value.length);
    return new HyperLogLog(copy, copy.length, HllLayout.DEFAULT_SPARSE_MAX_BYTES);
  }

  /**
   * Loads a Redis string value without copying: the sketch works in {@code value} until a sparse
   * write needs more room. The caller must not touch the array afterwards.
   *
   * @param value the bytes of a Redis HyperLogLog
   * @return a sketch backed by {@code value}
   * @throws CorruptEncodingException if the bytes are not a valid HyperLogLog
   */
  public static HyperLogLog wrap(byte[] value) {
    validate(Objects.requireNonNull(value, "value"));
    return new HyperLogLog(value, value.length, HllLayout.DEFAULT_SPARSE_MAX_BYTES);
  }

  // ---------------------------------------------------------------- errors

  /** Redis's reply when a value is not a HyperLogLog at all (isHLLObjectOrReply). */
  static final String WRONGTYPE_ERROR = "WRONGTYPE Key is not a valid HyperLogLog string value.";

  /** Redis's reply when a sparse body is inconsistent (invalid_hll_err). */
  static final String INVALIDOBJ_ERROR = "INVALIDOBJ Corrupted HLL object detected";

  private static final String NOT_HLL_PREFIX = "not a HyperLogLog: ";
  private static final String CORRUPT_PREFIX = "corrupted HyperLogLog: ";

  /**
   * Tells whether a rejection of {@link #copyOf}/{@link #wrap} means "this is not a HyperLogLog"
   * (Redis answers {@code WRONGTYPE}: too short, bad magic, unknown encoding, dense of the wrong
   * length) rather than "a HyperLogLog with a corrupted sparse body" (Redis: {@code INVALIDOBJ}).
   *
   * @param e an exception thrown by this class
   * @return true for Redis's {@code WRONGTYPE} verdict, false for {@code INVALIDOBJ}
   */
  public static boolean isNotHyperLogLog(CorruptEncodingException e) {
    Objects.requireNonNull(e, "e");
    return e.reason().startsWith(NOT_HLL_PREFIX);
  }

  /**
   * Returns the error Redis 7.0.15 replies for the same problem.
   *
   * @param e an exception thrown by this class
   * @return {@code "WRONGTYPE Key is not a valid HyperLogLog string value."} or {@code "INVALIDOBJ
   *     Corrupted HLL object detected"}
   */
  public static String redisError(CorruptEncodingException e) {
    return isNotHyperLogLog(e) ? WRONGTYPE_ERROR : INVALIDOBJ_ERROR;
  }

  static CorruptEncodingException notHll(byte[] s, long offset, String why) {
    return new CorruptEncodingException(HllSparse.FORMAT, offset, NOT_HLL_PREFIX + why, s);
  }

  static CorruptEncodingException corrupted(byte[] s, long offset, String why) {
    return new CorruptEncodingException(HllSparse.FORMAT, offset, CORRUPT_PREFIX + why, s);
  }

  /** Redis: isHLLObjectOrReply (shallow) followed by the sparse walk (deep). */
  private static void validate(byte[] s) {
    if (s.length < HDR_SIZE) {
      throw notHll(s, s.length, "shorter than the 16-byte header");
    }
    if (!HllLayout.hasMagic(s)) {
      throw notHll(s, 0, "magic is not HYLL");
    }
    int enc = s[HllLayout.ENCODING_OFFSET] & 0xFF;
    if (enc > HllLayout.MAX_ENCODING) {
      throw notHll(s, HllLayout.ENCODING_OFFSET, "unknown encoding " + enc);
    }
    if (enc == DENSE) {
      if (s.length != DENSE_SIZE) {
        throw notHll(s, -1, "dense length " + s.length + " is not " + DENSE_SIZE);
      }
      return;
    }
    HllSparse.validate(s, s.length);
  }

  // ---------------------------------------------------------------- configuration

  /**
   * Returns the sparse size limit (Redis's {@code hll-sparse-max-bytes}).
   *
   * @return the largest sparse string length, header included
   */
  public long sparseMaxBytes() {
    return sparseMaxBytes;
  }

  /**
   * Changes the sparse size limit, like {@code CONFIG SET hll-sparse-max-bytes}: it applies to
   * later writes and never converts by itself.
   *
   * @param sparseMaxBytes 0 or more
   * @throws IllegalArgumentException if negative
   */
  public void setSparseMaxBytes(long sparseMaxBytes) {
    checkSparseMaxBytes(sparseMaxBytes);
    this.sparseMaxBytes = sparseMaxBytes;
  }

  private static void checkSparseMaxBytes(long v) {
    if (v < 0) {
      throw new IllegalArgumentException("sparseMaxBytes must be >= 0: " + v);
    }
  }

  // ---------------------------------------------------------------- add

  /**
   * Adds one element. Allocates nothing while dense. Redis: hllAdd.
   *
   * @param element the element's bytes
   * @return whether a register changed (then the cached count is marked stale)
   */
  public boolean add(byte[] element) {
    Objects.requireNonNull(element, "element");
    return addHash(MurmurHash64A.hash(element, 0, element.length, MurmurHash64A.SEED));
  }

  /**
   * Adds the element {@code element[off, off + len)}.
   *
   * @param element the array holding the element
   * @param off the element's first byte
   * @param len the element's length
   * @return whether a register changed
   * @throws IndexOutOfBoundsException if the range is outside the array
   */
  public boolean add(byte[] element, int off, int len) {
    Objects.requireNonNull(element, "element");
    Objects.checkFromIndexSize(off, len, element.length);
    return addHash(MurmurHash64A.hash(element, off, len, MurmurHash64A.SEED));
  }

  /**
   * Adds elements in order, like {@code PFADD key e1 e2 ...}; the bytes are those of one {@link
   * #add(byte[])} after the other. This is the bulk form: once the sketch is dense, elements are
   * hashed a few at a time before their registers are updated, so the hashes overlap, and the cache
   * flag is written once. Allocates nothing while dense.
   *
   * @param elements the elements
   * @return whether any register changed
   */
  public boolean add(byte[]... elements) {
    Objects.requireNonNull(elements, "elements");
    for (byte[] e : elements) {
      Objects.requireNonNull(e, "elements[i]");
    }
    boolean changed = false;
    int i = 0;
    while (i < elements.length && !isDense()) {
      changed |= add(elements[i++]); // sparse: one at a time, a write may promote
    }
    if (i < elements.length && addAllDense(buf, elements, i)) {
      HllLayout.invalidateCache(buf);
      changed = true;
    }
    return changed;
  }

  /**
   * The dense part of {@link #add(byte[]...)}: four hashes, then four register updates. Redis:
   * pfaddCommand's loop over hllDenseAdd.
   */
  private static boolean addAllDense(byte[] s, byte[][] elements, int from) {
    boolean changed = false;
    int i = from;
    for (int end = elements.length - 3; i < end; i += 4) {
      long h0 = hash(elements[i]);
      long h1 = hash(elements[i + 1]);
      long h2 = hash(elements[i + 2]);
      long h3 = hash(elements[i + 3]);
      changed |= denseAdd(s, h0) | denseAdd(s, h1) | denseAdd(s, h2) | denseAdd(s, h3);
    }
    for (; i < elements.length; i++) {
      changed |= denseAdd(s, hash(elements[i]));
    }
    return changed;
  }

  /**
   * Adds numbers in order, like {@code PFADD key 1 2 3}: each as {@link #add(long)} hashes it (its
   * decimal text), with the bulk form's overlap once dense. Allocates nothing while dense.
   *
   * @param elements the numbers
   * @return whether any register changed
   */
  public boolean addAll(long[] elements) {
    Objects.requireNonNull(elements, "elements");
    boolean changed = false;
    int i = 0;
    while (i < elements.length && !isDense()) {
      changed |= add(elements[i++]);
    }
    if (i < elements.length && addAllDense(buf, elements, i)) {
      HllLayout.invalidateCache(buf);
      changed = true;
    }
    return changed;
  }

  /** {@link #addAllDense(byte[], byte[][], int)} for numbers. */
  private static boolean addAllDense(byte[] s, long[] elements, int from) {
    boolean changed = false;
    int i = from;
    for (int end = elements.length - 3; i < end; i += 4) {
      long h0 = MurmurHash64A.hashDecimal(elements[i], MurmurHash64A.SEED);
      long h1 = MurmurHash64A.hashDecimal(elements[i + 1], MurmurHash64A.SEED);
      long h2 = MurmurHash64A.hashDecimal(elements[i + 2], MurmurHash64A.SEED);
      long h3 = MurmurHash64A.hashDecimal(elements[i + 3], MurmurHash64A.SEED);
      changed |= denseAdd(s, h0) | denseAdd(s, h1) | denseAdd(s, h2) | denseAdd(s, h3);
    }
    for (; i < elements.length; i++) {
      changed |= denseAdd(s, MurmurHash64A.hashDecimal(elements[i], MurmurHash64A.SEED));
    }
    return changed;
  }

  private static long hash(byte[] element) {
    return MurmurHash64A.hash(element, 0, element.length, MurmurHash64A.SEED);
  }

  /**
   * Raises the register a hash selects; the caller invalidates the cache. Redis: hllDenseAdd (whose
   * hllDenseSet compares and writes the same way).
   */
  private static boolean denseAdd(byte[] s, long hash) {
    int index = MurmurHash64A.index(hash);
    int count = MurmurHash64A.runLength(hash);
    if (count > HllLayout.denseGetBranchless(s, HDR_SIZE, index)) {
      HllLayout.denseSet(s, HDR_SIZE, index, count);
      return true;
    }
    return false;
  }

  /**
   * Adds the UTF-8 bytes of {@code element}: what a client sends for {@code PFADD key element}, so
   * the sketch stays the one Redis builds. An unpaired surrogate is encoded as {@code '?'}, as
   * {@link String#getBytes(java.nio.charset.Charset)} does.
   *
   * @param element the element
   * @return whether a register changed
   */
  public boolean add(CharSequence element) {
    Objects.requireNonNull(element, "element");
    return add(element.toString().getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Adds the UTF-8 bytes of each element, in order, like {@code PFADD key e1 e2 ...}.
   *
   * @param elements the elements
   * @return whether any register changed
   */
  public boolean add(CharSequence... elements) {
    Objects.requireNonNull(elements, "elements");
    for (CharSequence e : elements) {
      Objects.requireNonNull(e, "elements[i]");
    }
    boolean changed = false;
    for (CharSequence e : elements) {
      changed |= add(e);
    }
    return changed;
  }

  /**
   * Adds a number as Redis receives it from {@code PFADD key 42}: the ASCII bytes of its decimal
   * text ({@code "42"}, {@code "-7"}), so {@code add(42)} and {@code add("42")} are the same
   * element. Unlike DataSketches' {@code update(long)}, which hashes the 8 bytes of the value, this
   * keeps the sketch identical to Redis's.
   *
   * @param element the number
   * @return whether a register changed
   */
  public boolean add(long element) {
    return addHash(MurmurHash64A.hashDecimal(element, MurmurHash64A.SEED));
  }

  /** Redis: hllDenseAdd / hllSparseAdd, plus pfaddCommand's cache invalidation. */
  boolean addHash(long hash) {
    boolean changed;
    if (buf[HllLayout.ENCODING_OFFSET] == DENSE) {
      changed = denseAdd(buf, hash);
    } else {
      changed = HllSparse.set(this, MurmurHash64A.index(hash), MurmurHash64A.runLength(hash));
    }
    if (changed) {
      HllLayout.invalidateCache(buf);
    }
    return changed;
  }

  // ---------------------------------------------------------------- count

  /**
   * Returns the estimated cardinality, like {@code PFCOUNT key}: the cached value when it is valid,
   * else a fresh estimate that is then stored in the header (so {@link #toByteArray()} equals
   * {@code GET} after {@code PFCOUNT}).
   *
   * <p>An estimate of 2^63 or more (registers crafted with {@code SET}, or every register at 50 or
   * more, which takes some 2^63 elements) returns {@link Long#MAX_VALUE}, while Redis 7.0.15 on
   * x86-64 replies {@code -9223372036854775808} there and leaves the cache stale; the bytes this
   * method writes are Redis's all the same. {@link #redisCount()} returns Redis's reply.
   *
   * @return the estimate, at most {@link Long#MAX_VALUE} (a crafted cache can hold any value below
   *     2^63)
   */
  public long count() {
    return saturate(redisCount());
  }

  /**
   * Runs {@code PFCOUNT key} and returns its reply: {@link #count()}, except that an estimate of
   * 2^63 or more gives {@link Long#MIN_VALUE}, as Redis's {@code llroundl} does; that value, stored
   * as the cache, leaves the stale flag set (bytes 8..15 {@code 00 .. 00 80}), so every call
   * estimates again, as in Redis.
   *
   * @return what {@code PFCOUNT key} replies
   */
  public long redisCount() {
    if (HllLayout.isCacheValid(buf)) {
      return HllLayout.readCard(buf);
    }
    long card = estimate();
    HllLayout.writeCard(buf, card);
    return card;
  }

  /**
   * Whether the header's cached cardinality is valid (bit 7 of byte 15 clear), so that {@link
   * #count()} returns it without estimating and without writing: {@code PFCOUNT key} changes the
   * value (and Redis signals the key as modified) exactly when this is false.
   *
   * @return true when the cache is valid
   */
  public boolean isCacheValid() {
    return HllLayout.isCacheValid(buf);
  }

  private static long saturate(long reply) {
    return reply == HllEstimator.OVERFLOW ? Long.MAX_VALUE : reply;
  }

  /** Redis: hllCount, without touching the cache. */
  long estimate() {
    int[] histo = new int[128]; // the dense pass uses the upper half as a second histogram
    if (isDense()) {
      HllLayout.denseHisto(buf, histo);
    } else {
      HllSparse.histo(buf, len, histo);
    }
    return HllEstimator.estimate(histo);
  }

  /**
   * Returns the estimated cardinality of the union, like {@code PFCOUNT k1 k2 ...}: computed from
   * the register-wise maximum, ignoring and leaving untouched every cache. No sketch changes. An
   * estimate of 2^63 or more gives {@link Long#MAX_VALUE} (see {@link #count()}). Static, and named
   * so that no receiver seems to take part: call it as {@code HyperLogLog.countUnion(a, b)}.
   *
   * @param sketches the sketches (none gives 0)
   * @return the estimate
   */
  public static long countUnion(HyperLogLog... sketches) {
    return saturate(redisCountUnion(sketches));
  }

  /**
   * Runs {@code PFCOUNT k1 k2 ...} and returns its reply: {@link #countUnion(HyperLogLog...)},
   * except that an estimate of 2^63 or more gives {@link Long#MIN_VALUE}, as in Redis.
   *
   * @param sketches the sketches (none gives 0)
   * @return what {@code PFCOUNT k1 k2 ...} replies
   */
  public static long redisCountUnion(HyperLogLog... sketches) {
    checkElements(sketches, "sketches");
    byte[] max = new byte[REGISTERS];
    for (HyperLogLog h : sketches) {
      h.maxInto(max);
    }
    int[] histo = new int[64];
    for (byte r : max) {
      histo[r]++;
    }
    return HllEstimator.estimate(histo);
  }

  // ---------------------------------------------------------------- merge

  /**
   * Merges sources into this sketch, like {@code PFMERGE this s1 s2 ...}: every register becomes
   * the maximum over this sketch and the sources. The result becomes dense if any of them is dense;
   * otherwise it stays sparse unless a write promotes it. The cache is marked stale. Sources do not
   * change; {@code this} may appear among them.
   *
   * @param sources the sketches to merge in
   */
  public void merge(HyperLogLog... sources) {
    checkElements(sources, "sources");
    boolean useDense = isDense();
    for (HyperLogLog h : sources) {
      useDense |= h.isDense();
    }
    if (useDense) {
      // Redis takes the maximum into a scratch array, converts, then raises the dense registers to
      // it; raising ours in place to each source gives the same registers, the same header
      // (toDense copies it) and no scratch array.
      toDense();
      mergeDense(sources);
    } else {
      mergeSparse(sources);
    }
    HllLayout.invalidateCache(buf);
  }

  /** {@link #merge} into a dense sketch: dense sources four at a time, sparse ones one by one. */
  private void mergeDense(HyperLogLog[] sources) {
    byte[] d = buf;
    byte[] a = null;
    byte[] b = null;
    byte[] c = null;
    for (HyperLogLog h : sources) {
      if (!h.isDense()) {
        HllSparse.raiseDense(h.buf, h.len, d);
      } else if (a == null) {
        a = h.buf;
      } else if (b == null) {
        b = h.buf;
      } else if (c == null) {
        c = h.buf;
      } else {
        HllLayout.denseMaxPacked(d, a, b, c, h.buf);
        a = b = c = null;
      }
    }
    if (a != null) { // fewer than four left: repeat one, the maximum is unchanged
      HllLayout.denseMaxPacked(d, a, b != null ? b : a, c != null ? c : a, a);
    }
  }

  /** {@link #merge} when every input is sparse: Redis's maximum array, then sparse writes. */
  private void mergeSparse(HyperLogLog[] sources) {
    byte[] max = new byte[REGISTERS];
    maxInto(max);
    for (HyperLogLog h : sources) {
      h.maxInto(max);
    }
    for (int j = 0; j < REGISTERS; j++) {
      if (max[j] == 0) {
        continue;
      }
      if (isDense()) { // a sparse write promoted us
        if (max[j] > HllLayout.denseGet(buf, HDR_SIZE, j)) {
          HllLayout.denseSet(buf, HDR_SIZE, j, max[j]);
        }
      } else {
        HllSparse.set(this, j, max[j]);
      }
    }
  }

  private static void checkElements(HyperLogLog[] sketches, String name) {
    Objects.requireNonNull(sketches, name);
    for (HyperLogLog h : sketches) {
      Objects.requireNonNull(h, name + "[i]");
    }
  }

  /** Redis: hllMerge. */
  void maxInto(byte[] max) {
    if (isDense()) {
      HllLayout.denseMaxInto(buf, max);
    } else {
      HllSparse.maxInto(buf, len, max);
    }
  }

  // ---------------------------------------------------------------- self test

  /**
   * Runs Redis's {@code PFSELFTEST} on this implementation: random values set in the dense
   * registers read back unchanged (1,000 rounds over the 16,384 registers), and 10,000,000 distinct
   * elements added to a dense and to a sparse sketch give the same estimate, within six standard
   * errors of the true count at each power of ten, the sparse sketch still sparse while small.
   * Takes about a second. Redis: pfselftestCommand.
   *
   * @param random the source of the register values and of the elements' seed
   * @return null when every check passes; else Redis's failure text ({@code "TESTFAILED ..."})
   */
  public static String selfTest(java.util.random.RandomGenerator random) {
    Objects.requireNonNull(random, "random");
    return HllSelfTest.run(random);
  }

  // ---------------------------------------------------------------- encoding and registers

  /**
   * Converts to the dense encoding, like {@code PFDEBUG TODENSE}. Redis: hllSparseToDense.
   *
   * @return true if a conversion happened, false if already dense
   */
  public boolean toDense() {
    if (isDense()) {
      return false;
    }
    buf = HllSparse.toDense(buf, len);
    len = DENSE_SIZE;
    return true;
  }

  /**
   * Tells the encoding ({@code PFDEBUG ENCODING}).
   *
   * @return true if dense, false if sparse
   */
  public boolean isDense() {
    return buf[HllLayout.ENCODING_OFFSET] == DENSE;
  }

  /**
   * Returns one register's value (0..63). Unlike {@code PFDEBUG GETREG}, reading does not convert a
   * sparse sketch; call {@link #toDense()} first to get Redis's bytes after GETREG.
   *
   * @param index 0..16383
   * @return the register's value
   * @throws IndexOutOfBoundsException if {@code index} is out of range
   */
  public int register(int index) {
    Objects.checkIndex(index, REGISTERS);
    return isDense() ? HllLayout.denseGet(buf, HDR_SIZE, index) : HllSparse.get(buf, len, index);
  }

  // ---------------------------------------------------------------- bytes

  /**
   * Returns a copy of the Redis string value.
   *
   * @return a fresh array, 18 to 12304 bytes for sketches built here
   */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, len);
  }

  /**
   * Returns the length of the Redis string value ({@code STRLEN}).
   *
   * @return the length in bytes
   */
  public int serializedSize() {
    return len;
  }

  void ensureCapacity(int needed) {
    if (needed > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(needed, Math.min(buf.length * 2, DENSE_SIZE)));
    }
  }

  /**
   * Describes the sketch (encoding and size), not its registers.
   *
   * @return a short description
   */
  @Override
  public String toString() {
    return "HyperLogLog{" + (isDense() ? "dense" : "sparse") + ", " + len + " bytes}";
  }

  /** Checks I1..I5; throws AssertionError naming the broken one. */
  void checkInvariants() {
    check(len >= HDR_SIZE && len <= buf.length && HllLayout.hasMagic(buf), "I1 header");
    int enc = buf[HllLayout.ENCODING_OFFSET];
    check(enc == DENSE || enc == HllLayout.SPARSE, "I2 encoding");
    check(enc != DENSE || len == DENSE_SIZE, "I3 dense length");
    if (enc == HllLayout.SPARSE) {
      try {
        HllSparse.validate(buf, len);
      } catch (CorruptEncodingException e) {
        throw new AssertionError("I4 sparse runs: " + e.getMessage(), e);
      }
    }
    check(sparseMaxBytes >= 0, "I5 sparseMaxBytes");
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError("invariant " + what + " broken");
    }
  }
}
