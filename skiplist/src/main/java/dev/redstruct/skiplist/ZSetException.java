package dev.redstruct.skiplist;

/**
 * A sorted-set operation was rejected; the message is Redis's own error text (for example {@code
 * "ERR value is not a valid float"}), so a Redis face can send it unchanged. A rejected operation
 * changed nothing. Its message is fixed at construction; thread-safe as any exception.
 */
public final class ZSetException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  static final String NOT_FLOAT = "ERR value is not a valid float";
  static final String WEIGHT_NOT_FLOAT = "ERR weight value is not a float";
  static final String NAN_RESULT = "ERR resulting score is not a number (NaN)";
  static final String XX_NX = "ERR XX and NX options at the same time are not compatible";
  static final String GT_LT_NX =
      "ERR GT, LT, and/or NX options at the same time are not compatible";
  static final String INCR_PAIR = "ERR INCR option supports a single increment-element pair";
  static final String RANGE_NOT_FLOAT = "ERR min or max is not a float";
  static final String LEX_NOT_STRING = "ERR min or max not valid string range item";
  static final String RANDOM_COUNT_RANGE =
      "ERR value is out of range, value must between -9223372036854775807 and"
          + " 9223372036854775807";
  static final String OUT_OF_RANGE = "ERR value is out of range";
  static final String LIMIT_NEGATIVE = "ERR LIMIT can't be negative";
  static final String COUNT_NOT_POSITIVE = "ERR count should be greater than 0";
  static final String NUMKEYS_NOT_POSITIVE = "ERR numkeys should be greater than 0";

  /**
   * Creates the exception.
   *
   * @param redisError Redis's error text, including its {@code ERR} prefix
   */
  public ZSetException(String redisError) {
    super(redisError);
  }
}
