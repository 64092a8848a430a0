#include "core/check/verdict_why.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

namespace core {

namespace {

__attribute__((format(printf, 1, 2))) std::string line(const char* fmt, ...) {
  char text[256];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(text, sizeof text, fmt, args);
  va_end(args);
  return text;
}

// One axis: how the routine's move compares with the oracle's.
void explainAxis(std::vector<std::string>& out, const char* axis, int start, int intended,
                 int oracle, int routine) {
  if (oracle == routine) return;
  const int diff = std::abs(oracle - routine);
  if (intended == 0) {
    out.push_back(line("%s: moved %+d px where no motion was intended", axis, routine - start));
    return;
  }
  const int s = intended > 0 ? 1 : -1;
  const int short_ = (oracle - routine) * s;  // > 0: the routine made less progress
  if (short_ > 0)
    out.push_back(
        line("%s: %d px missing: the routine stopped short of where the oracle ends", axis, diff));
  else
    out.push_back(line("%s: %d px extra: the routine went past where the oracle ends", axis, diff));
}

std::string cellText(const MapDocument& map, CellPos c) {
  const Room& room = map.room;
  if (!room.inside(c.col, c.row)) return line("(%d, %d), outside the room", c.col, c.row);
  return line("(%d, %d): metatile %u, collision $%02X", c.col, c.row,
              unsigned(room.at(c.col, c.row)), unsigned(map.collisionAt(c.col, c.row)));
}

}  // namespace

std::vector<std::string> explainVerdict(const FrameVerdict& v, const MapDocument& map) {
  std::vector<std::string> out;
  out.push_back(std::string(verdictName(v.verdict)) + ": " + verdictExplanation(v.verdict));
  if (v.verdict == Verdict::WrongAnswer) {
    // A query's call (core/check/query_check.h): no move, so no start, motion or
    // oracle end; the message holds the inputs and both answers.
    if (v.hasCell)
      out.push_back(std::string(verdictInfo(v.verdict).cellRole) + ": " + cellText(map, v.cell));
    if (!v.message.empty()) out.push_back("evidence: " + v.message);
    out.push_back(std::string("more: ") + kVerdictsDoc);
    return out;
  }
  out.push_back(line("start (%d, %d), intended motion (%+d, %+d)", v.startX, v.startY, v.motion.dx,
                     v.motion.dy));
  out.push_back(line("the oracle stops at (%d, %d); the routine ended at (%d, %d)", v.oracleX,
                     v.oracleY, v.routineX, v.routineY));
  explainAxis(out, "x", v.startX, v.motion.dx, v.oracleX, v.routineX);
  explainAxis(out, "y", v.startY, v.motion.dy, v.oracleY, v.routineY);
  if (v.hasCell) {
    out.push_back(std::string(verdictInfo(v.verdict).cellRole) + ": " + cellText(map, v.cell));
  }
  if (v.hasPixel)
    out.push_back(line("the routine's leading edge stopped at pixel (%d, %d); the way on is free",
                       v.pixelX, v.pixelY));
  if (!v.message.empty()) out.push_back("evidence: " + v.message);
  out.push_back(std::string("more: ") + kVerdictsDoc);
  return out;
}

}  // namespace core
