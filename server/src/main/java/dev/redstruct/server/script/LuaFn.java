package dev.redstruct.server.script;

import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.VarArgFunction;

/** A Lua function written in Java, with the name Lua's argument errors print. */
final class LuaFn extends VarArgFunction {
  /** The function's body. */
  interface Body {
    Varargs invoke(Varargs args);
  }

  private final Body body;

  LuaFn(String name, Body body) {
    this.name = name;
    this.body = body;
  }

  @Override
  public Varargs invoke(Varargs args) {
    return body.invoke(args);
  }

  /** Lua 5.1's luaL_argerror text: "bad argument #1 to 'band' (number expected, got nil)". */
  static org.luaj.vm2.LuaError badArg(int i, String fname, String msg) {
    return new org.luaj.vm2.LuaError("bad argument #" + i + " to '" + fname + "' (" + msg + ")");
  }

  /** Lua 5.1's luaL_checknumber: a number, or a string that reads as one. */
  static double number(Varargs args, int i, String fname) {
    org.luaj.vm2.LuaValue v = args.arg(i);
    if (v.type() == org.luaj.vm2.LuaValue.TNUMBER) {
      return v.todouble();
    }
    org.luaj.vm2.LuaValue n = v.type() == org.luaj.vm2.LuaValue.TSTRING ? v.tonumber() : v;
    if (n.type() != org.luaj.vm2.LuaValue.TNUMBER) {
      throw badArg(i, fname, "number expected, got " + typeName(args, i));
    }
    return n.todouble();
  }

  /** Lua 5.1's luaL_checklstring: a string, or a number as its text. */
  static org.luaj.vm2.LuaString string(Varargs args, int i, String fname) {
    org.luaj.vm2.LuaValue v = args.arg(i);
    if (v.type() == org.luaj.vm2.LuaValue.TSTRING) {
      return v.checkstring();
    }
    if (v.type() == org.luaj.vm2.LuaValue.TNUMBER) {
      return org.luaj.vm2.LuaValue.valueOf(CjsonLib.formatG14(v.todouble()));
    }
    throw badArg(i, fname, "string expected, got " + typeName(args, i));
  }

  /** The type name Lua 5.1 prints for argument i: "no value" past the last one. */
  static String typeName(Varargs args, int i) {
    return i > args.narg() ? "no value" : args.arg(i).typename();
  }
}
