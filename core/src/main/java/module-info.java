/** The vocabulary the redstruct modules share: Redis's number and string rules, byte helpers. */
module dev.redstruct.core {
  exports dev.redstruct.core;
}
