package dev.redstruct.core.resp;

/**
 * A Redis error reply raised inside a command face: the text is Redis's ({@code ERR syntax error},
 * {@code WRONGTYPE Operation against a key holding the wrong kind of value}, ...). A face throws it
 * before it changes anything and its {@code execute} writes it as the reply, so a rejected command
 * changes nothing; a {@link KeyLookup} throws it for a key of another type. Carries no stack trace.
 * For the sibling modules' Redis faces; not public API.
 */
public final class ReplyError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Redis's text for a key that holds another type (src/server.c, shared.wrongtypeerr). */
  public static final String WRONGTYPE =
      "WRONGTYPE Operation against a key holding the wrong kind of value";

  /**
   * An error reply.
   *
   * @param text the error text without the leading {@code -}
   */
  public ReplyError(String text) {
    super(text, null, false, false);
  }
}
