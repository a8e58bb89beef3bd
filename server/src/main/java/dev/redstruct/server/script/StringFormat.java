package dev.redstruct.server.script;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * Lua 5.1's {@code string.format} (lstrlib.c's str_format over C's sprintf), which luaj 3.0.1's
 * version does not match (it ignores widths and precisions of {@code %f}/{@code %s}, lacks {@code
 * %e}/{@code %g}): flags {@code -+ #0}, width and precision of at most two digits, and the
 * conversions {@code d i o u x X c e E f g G q s %}. Integers are C's {@code long} of the number,
 * as Lua 5.1 casts them.
 */
final class StringFormat {
  private StringFormat() {}

  static LuaValue format(Varargs args) {
    byte[] fmt = LuaReplies.bytes(LuaFn.string(args, 1, "format"));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int arg = 1;
    for (int i = 0; i < fmt.length; ) {
      byte c = fmt[i++];
      if (c != '%') {
        out.write(c);
        continue;
      }
      if (i < fmt.length && fmt[i] == '%') {
        out.write('%');
        i++;
        continue;
      }
      int start = i;
      while (i < fmt.length && "-+ #0".indexOf(fmt[i]) >= 0) {
        i++;
      }
      if (i - start > 5) {
        throw new LuaError("invalid format (repeated flags)");
      }
      String flags = new String(fmt, start, i - start, java.nio.charset.StandardCharsets.US_ASCII);
      int width = -1;
      int precision = -1;
      int digits = 0;
      while (i < fmt.length && Character.isDigit(fmt[i])) {
        width = (width < 0 ? 0 : width * 10) + (fmt[i++] - '0');
        digits++;
      }
      if (i < fmt.length && fmt[i] == '.') {
        i++;
        precision = 0;
        int pd = 0;
        while (i < fmt.length && Character.isDigit(fmt[i])) {
          precision = precision * 10 + (fmt[i++] - '0');
          pd++;
        }
        if (pd > 2) {
          throw new LuaError("invalid format (width or precision too long)");
        }
      }
      if (digits > 2) {
        throw new LuaError("invalid format (width or precision too long)");
      }
      if (i >= fmt.length) {
        throw new LuaError("invalid option '%' to 'format'");
      }
      char conv = (char) fmt[i++];
      arg++;
      if (arg > args.narg() && "diouxXceEfgGqs".indexOf(conv) >= 0) {
        throw LuaFn.badArg(arg, "format", "no value");
      }
      byte[] piece = one(args, arg, conv, flags, width, precision);
      out.write(piece, 0, piece.length);
    }
    return LuaValue.valueOf(out.toByteArray());
  }

  private static byte[] one(Varargs args, int arg, char conv, String flags, int width, int prec) {
    switch (conv) {
      case 'c':
        return new byte[] {(byte) (long) LuaFn.number(args, arg, "format")};
      case 'd':
      case 'i':
        return ascii(integer(toLong(LuaFn.number(args, arg, "format")), conv, flags, width, prec));
      case 'o':
      case 'u':
      case 'x':
      case 'X':
        return ascii(integer(toLong(LuaFn.number(args, arg, "format")), conv, flags, width, prec));
      case 'e':
      case 'E':
      case 'f':
      case 'g':
      case 'G':
        return ascii(real(LuaFn.number(args, arg, "format"), conv, flags, width, prec));
      case 'q':
        return quoted(LuaReplies.bytes(LuaFn.string(args, arg, "format")));
      case 's':
        {
          byte[] s = LuaReplies.bytes(LuaFn.string(args, arg, "format"));
          if (prec >= 0 && prec < s.length) {
            s = java.util.Arrays.copyOf(s, prec);
          }
          return pad(s, flags, width);
        }
      default:
        throw new LuaError("invalid option '%" + conv + "' to 'format'");
    }
  }

  private static long toLong(double d) {
    return LuaReplies.toLongLong(d);
  }

  private static String integer(long v, char conv, String flags, int width, int prec) {
    String digits;
    String prefix = "";
    boolean signed = conv == 'd' || conv == 'i';
    if (signed) {
      digits = v == Long.MIN_VALUE ? "9223372036854775808" : Long.toString(Math.abs(v));
      prefix = v < 0 ? "-" : flags.indexOf('+') >= 0 ? "+" : flags.indexOf(' ') >= 0 ? " " : "";
    } else if (conv == 'o') {
      digits = Long.toOctalString(v);
      if (flags.indexOf('#') >= 0 && !digits.startsWith("0")) {
        digits = "0" + digits;
      }
    } else if (conv == 'u') {
      digits = Long.toUnsignedString(v);
    } else {
      digits = Long.toHexString(v);
      if (conv == 'X') {
        digits = digits.toUpperCase(Locale.ROOT);
      }
      if (flags.indexOf('#') >= 0 && v != 0) {
        prefix = conv == 'X' ? "0X" : "0x";
      }
    }
    if (prec >= 0) {
      if (prec == 0 && v == 0) {
        digits = "";
      }
      while (digits.length() < prec) {
        digits = "0" + digits;
      }
    }
    return padNumber(prefix, digits, flags, width, prec < 0);
  }

  private static String real(double d, char conv, String flags, int width, int prec) {
    String sign =
        d < 0 || (d == 0 && 1 / d < 0)
            ? "-"
            : flags.indexOf('+') >= 0 ? "+" : flags.indexOf(' ') >= 0 ? " " : "";
    double a = Math.abs(d);
    boolean upper = Character.isUpperCase(conv);
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      String t = Double.isNaN(d) ? "nan" : "inf";
      return padNumber(sign, upper ? t.toUpperCase(Locale.ROOT) : t, flags, width, false);
    }
    int p = prec < 0 ? 6 : prec;
    String body;
    switch (Character.toLowerCase(conv)) {
      case 'f':
        body = fixed(a, p);
        break;
      case 'e':
        body = exponent(a, p);
        break;
      default:
        body = general(a, p == 0 ? 1 : p, flags.indexOf('#') >= 0);
    }
    if (upper) {
      body = body.toUpperCase(Locale.ROOT);
    }
    return padNumber(sign, body, flags, width, true);
  }

  /** C's %g of a non-negative finite number with P significant digits. */
  private static String general(double a, int p, boolean keepZeros) {
    String e = exponent(a, p - 1);
    int x = Integer.parseInt(e.substring(e.indexOf('e') + 1));
    String s;
    if (x < -4 || x >= p) {
      s = e;
      if (!keepZeros) {
        String mant = s.substring(0, s.indexOf('e'));
        s = stripZeros(mant) + s.substring(s.indexOf('e'));
      }
    } else {
      s = fixed(a, p - 1 - x);
      if (!keepZeros) {
        s = stripZeros(s);
      }
    }
    return s;
  }

  /** C's %.Nf of a non-negative finite number: the exact value rounded half-even. */
  private static String fixed(double a, int p) {
    return new BigDecimal(a).setScale(p, RoundingMode.HALF_EVEN).toPlainString();
  }

  /** C's %.Ne of a non-negative finite number. */
  private static String exponent(double a, int p) {
    if (a == 0) {
      return (p > 0 ? "0." + "0".repeat(p) : "0") + "e+00";
    }
    BigDecimal r = new BigDecimal(a).round(new MathContext(p + 1, RoundingMode.HALF_EVEN));
    int x = r.precision() - r.scale() - 1;
    String digits = r.unscaledValue().toString();
    while (digits.length() < p + 1) {
      digits = digits + "0";
    }
    digits = digits.substring(0, p + 1);
    String mant = p > 0 ? digits.charAt(0) + "." + digits.substring(1) : digits;
    return mant + "e" + (x < 0 ? "-" : "+") + (Math.abs(x) < 10 ? "0" : "") + Math.abs(x);
  }

  private static String stripZeros(String s) {
    if (s.indexOf('.') < 0) {
      return s;
    }
    int end = s.length();
    while (s.charAt(end - 1) == '0') {
      end--;
    }
    if (s.charAt(end - 1) == '.') {
      end--;
    }
    return s.substring(0, end);
  }

  private static String padNumber(
      String prefix, String digits, String flags, int width, boolean zeroAllowed) {
    int len = prefix.length() + digits.length();
    if (width <= len) {
      return prefix + digits;
    }
    String fill = " ".repeat(width - len);
    if (flags.indexOf('-') >= 0) {
      return prefix + digits + fill;
    }
    if (flags.indexOf('0') >= 0 && zeroAllowed) {
      return prefix + "0".repeat(width - len) + digits;
    }
    return fill + prefix + digits;
  }

  private static byte[] pad(byte[] s, String flags, int width) {
    if (width <= s.length) {
      return s;
    }
    byte[] out = new byte[width];
    java.util.Arrays.fill(out, (byte) ' ');
    System.arraycopy(s, 0, out, flags.indexOf('-') >= 0 ? 0 : width - s.length, s.length);
    return out;
  }

  /** Lua 5.1's addquoted. */
  private static byte[] quoted(byte[] s) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write('"');
    for (byte b : s) {
      switch (b) {
        case '"', '\\', '\n' -> {
          out.write('\\');
          out.write(b);
        }
        case '\r' -> out.writeBytes(ascii("\\r"));
        case 0 -> out.writeBytes(ascii("\\000"));
        default -> out.write(b);
      }
    }
    out.write('"');
    return out.toByteArray();
  }

  private static byte[] ascii(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
  }
}
