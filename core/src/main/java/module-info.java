/** The vocabulary the redstruct modules share: Redis's number and string rules, byte helpers. */
module dev.redstruct.core {
  exports dev.redstruct.core;
// dev.redstruct.core.rdb (LZF, CRC-64, RDB lengths/strings, DUMP footer) is for sibling modules
// only: a module that writes payloads adds "exports dev.redstruct.core.rdb to <module>;" here.
// No module uses it yet, and a qualified export must name an existing module.
}
