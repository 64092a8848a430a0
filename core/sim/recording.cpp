// Recording's size and comparison (declared in core/sim/simulation.h).
#include "core/sim/simulation.h"

namespace core {

size_t Recording::byteSize() const {
  size_t n = sizeof(*this);
  for (const auto& f : frames) {
    n += sizeof(FrameRecord) + f.entities.capacity() * sizeof(EntityFrame);
    for (const auto& e : f.entities)
      n += (e.before.capacity() + e.after.capacity()) * sizeof(int32_t) +
           (e.cellsRead.capacity() + e.attrsRead.capacity()) * sizeof(uint16_t);
    for (const auto& e : f.entities) {
      n += e.calls.capacity() * sizeof(SpanCall);
      for (const auto& c : e.calls) n += c.cellsRead.capacity() * sizeof(uint16_t);
    }
  }
  for (const auto& k : keyframes)
    n += sizeof(Snapshot) + k.ram.capacity() + k.regs.capacity() +
         (k.system ? k.system->bytes() : 0);
  return n;
}

bool Recording::operator==(const Recording& o) const {
  if (fieldNames != o.fieldNames || tableFieldNames != o.tableFieldNames ||
      keyInterval != o.keyInterval || oracleCollision != o.oracleCollision ||
      viewCells != o.viewCells || roomCells != o.roomCells || frames.size() != o.frames.size() ||
      keyframes.size() != o.keyframes.size())
    return false;
  for (size_t i = 0; i < keyframes.size(); ++i)
    if (!keyframes[i].sameAs(o.keyframes[i])) return false;
  for (size_t f = 0; f < frames.size(); ++f) {
    const auto& a = frames[f].entities;
    const auto& b = o.frames[f].entities;
    if (a.size() != b.size() || frames[f].viewCol != o.frames[f].viewCol ||
        frames[f].viewRow != o.frames[f].viewRow)
      return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (a[i].input != b[i].input || a[i].before != b[i].before || a[i].after != b[i].after ||
          a[i].cycles != b[i].cycles || a[i].instructions != b[i].instructions ||
          a[i].halt != b[i].halt || a[i].cellsRead != b[i].cellsRead ||
          a[i].attrsRead != b[i].attrsRead || a[i].badWrite != b[i].badWrite ||
          a[i].faultDetail != b[i].faultDetail || a[i].passive != b[i].passive ||
          a[i].expectedWrites != b[i].expectedWrites || a[i].writeNote != b[i].writeNote ||
          a[i].calls != b[i].calls || a[i].spanSeen != b[i].spanSeen ||
          a[i].gameIntent != b[i].gameIntent)
        return false;
  }
  return true;
}

}  // namespace core
