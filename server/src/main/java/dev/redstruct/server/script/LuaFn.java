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
}
