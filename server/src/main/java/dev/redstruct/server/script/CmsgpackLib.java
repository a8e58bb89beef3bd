package dev.redstruct.server.script;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaTable;

/**
 * The {@code cmsgpack} table exists (so scripts that only test for it, or try to replace its
 * functions, meet what they meet in Redis), but {@code pack}/{@code unpack} are not implemented
 * yet: calling them raises an error. A known difference (server/README.md).
 */
final class CmsgpackLib {
  private CmsgpackLib() {}

  static LuaTable create() {
    LuaTable t = new LuaTable();
    for (String name : new String[] {"pack", "unpack", "unpack_one", "unpack_limit"}) {
      t.rawset(
          name,
          new LuaFn(
              name,
              args -> {
                throw new LuaError("cmsgpack." + name + " is not implemented by this server");
              }));
    }
    t.rawset("_NAME", "cmsgpack");
    t.rawset("_VERSION", "lua-cmsgpack 0.4.0");
    return t;
  }
}
