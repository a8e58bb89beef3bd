package dev.redstruct.skiplist;

import dev.redstruct.skiplist.internal.ScoredBytesVisitor;

/**
 * The score-range walk behind {@link dev.redstruct.skiplist.internal.ZSetWalks}: members handed out
 * in place, no entry objects. Redis: geoGetPointsInRange's walk (zslFirstInRange, then forward
 * while zslValueLteMax; the listpack branch zzlFirstInRange / zzlNext), src/geo.c and src/t_zset.c.
 */
final class ZSetRangeWalk {
  private ZSetRangeWalk() {}

  /** Reached through a method handle (ZSetWalks); see there for the contract. */
  static void byScore(ZSet z, ScoreRange range, ScoredBytesVisitor visitor) {
    if (z.compact != null) {
      // At most maxCompactEntries pairs: decoded (copies), then walked in order.
      ListPackZSet.Pairs p = z.compact.decode();
      for (int i = 0; i < p.n; i++) {
        double s = p.scores[i];
        if (!range.lteMax(s)) {
          return;
        }
        if (range.gteMin(s) && !visitor.visit(p.members[i], 0, p.members[i].length, s)) {
          return;
        }
      }
      return;
    }
    for (ZSkipList.Node x = z.zsl.firstInRange(range); x != null; x = x.next()) {
      if (!range.lteMax(x.score) || !visitor.visit(x.member, 0, x.member.length, x.score)) {
        return;
      }
    }
  }
}
