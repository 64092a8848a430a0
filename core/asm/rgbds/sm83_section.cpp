#include "core/asm/rgbds/sm83_section.h"

#include <algorithm>

#include "core/asm/rgbds/sm83_linker.h"

namespace core::sm83 {

namespace {

std::string hex(uint32_t v, int digits) {
  static const char* kDigits = "0123456789ABCDEF";
  std::string s = "$";
  for (int i = digits - 1; i >= 0; --i) s += kDigits[(v >> (i * 4)) & 15];
  return s;
}

}  // namespace

const RegionInfo& regionInfo(SectionType t) {
  static const RegionInfo kRegions[] = {
      {"ROM0", 0x0000, 0x4000, 0, 0, true},   {"ROMX", 0x4000, 0x4000, 1, 511, true},
      {"VRAM", 0x8000, 0x2000, 0, 1, false},  {"SRAM", 0xA000, 0x2000, 0, 15, false},
      {"WRAM0", 0xC000, 0x1000, 0, 0, false}, {"WRAMX", 0xD000, 0x1000, 1, 7, false},
      {"OAM", 0xFE00, 0x00A0, 0, 0, false},   {"HRAM", 0xFF80, 0x007F, 0, 0, false},
  };
  return kRegions[static_cast<size_t>(t)];
}

// ---------------------------------------------------------------- units and lines

void Sections::beginUnit(int unitIdx) {
  unitIdx_ = unitIdx;
  section_ = -1;
  stmtStart_ = 0;
  stack_.clear();
  unions_.clear();
  load_ = LoadBlock{};
}

void Sections::endUnit() {
  if (load_.section >= 0) {
    prog_.error(load_.pos, "LOAD without ENDL");
    load_ = LoadBlock{};
  }
  for (const UnionFrame& u : unions_) prog_.error(u.pos, "UNION without ENDU");
  unions_.clear();
}

void Sections::recordLine(int section, uint32_t startSize, int file, int line) {
  if (section_ < 0 || section_ != section) return;
  const uint32_t size = cur().size - startSize;
  if (size > 0) prog_.lines.push_back(LineRec{section_, startSize, size, file, line});
}

// ---------------------------------------------------------------- SECTION, PUSHS, POPS

void Sections::openSection(Section sec, int nameCol) {
  const std::string& name = sec.name;
  if (sec.isUnion && regionInfo(sec.type).rom)
    return rep_.error(nameCol, std::string("SECTION UNION is only allowed in RAM, not ") +
                                   regionInfo(sec.type).name);
  if (sec.fixedAddress >= 0 && sec.alignBits > 0 &&
      (static_cast<uint32_t>(sec.fixedAddress) & ((1u << sec.alignBits) - 1)) != sec.alignOffset)
    return rep_.error(nameCol, "section address " +
                                   hex(static_cast<uint32_t>(sec.fixedAddress), 4) +
                                   " does not satisfy its ALIGN");
  sec.unit = unitIdx_;
  for (size_t i = 0; i < prog_.sections.size(); ++i) {
    Section& other = prog_.sections[i];
    if (other.name != name) continue;
    if (sec.fragment && other.fragment && other.type == sec.type) {
      // Another file's piece is a separate Section here; the linker appends it.
      if (other.unit != unitIdx_) continue;
      section_ = static_cast<int>(i);
      return;
    }
    if (sec.isUnion && other.isUnion && other.type == sec.type) {
      // Every SECTION UNION piece starts at the union's start; it ends at the biggest.
      other.unionMax = std::max(other.unionMax, other.size);
      other.size = 0;
      section_ = static_cast<int>(i);
      return;
    }
    SourceLoc l = prog_.loc(other.pos);
    rep_.error(nameCol, "section '" + name + "' is already defined at " + l.file + ":" +
                            std::to_string(l.line));
    break;
  }
  section_ = static_cast<int>(prog_.sections.size());
  prog_.sections.push_back(std::move(sec));
}

void Sections::pushSection() {
  stack_.push_back(section_);
  section_ = -1;
}

bool Sections::popSection(int col) {
  if (stack_.empty()) {
    rep_.error(col, "POPS without PUSHS");
    return false;
  }
  section_ = stack_.back();
  stack_.pop_back();
  return true;
}

// ---------------------------------------------------------------- LOAD, UNION, ALIGN

// LOAD "name", TYPE[...]: the bytes go on into the current ROM section while the
// labels (and `@`) take addresses in the named section, e.g. code copied to HRAM.
bool Sections::canLoad(int col) {
  if (section_ < 0) {
    rep_.error(col, "LOAD outside of a SECTION");
    return false;
  }
  if (load_.section >= 0) {
    // rgbds 1.0 ends the open block here (its -Wunterminated-load warning); older
    // releases refused it. Either way the first block's ENDL is missing.
    const std::string outer = (load_.pos.file == rep_.pos.file || load_.pos.file < 0
                                   ? "line "
                                   : prog_.files[static_cast<size_t>(load_.pos.file)] + ":") +
                              std::to_string(load_.pos.line);
    rep_.warning(col, "LOAD inside the LOAD block of " + outer +
                          " ends that block (LOAD blocks do not nest; close it with ENDL)");
    endLoad();
  }
  if (!regionInfo(cur().type).rom) {
    rep_.error(col, "LOAD needs a ROM section to hold its bytes");
    return false;
  }
  return true;
}

void Sections::beginLoad(Section target, int nameCol) {
  const int rom = section_;
  std::string scope = syms_.scope();
  openSection(std::move(target), nameCol);
  const int into = section_;
  section_ = rom;
  if (into == rom || into < 0 || rep_.fatal()) return;
  load_ = LoadBlock{into, prog_.sections[static_cast<size_t>(rom)].size,
                    prog_.sections[static_cast<size_t>(into)].size, std::move(scope), rep_.pos};
}

void Sections::endLoad() {
  Section& target = prog_.sections[static_cast<size_t>(load_.section)];
  target.size = loadOffset(cur().size);
  syms_.setScope(load_.scope);  // ENDL restores the label scope of before LOAD
  load_ = LoadBlock{};
}

bool Sections::pcOp(int col, ExprOp& out, std::string& err) const {
  out.col = col;
  if (section_ < 0) {
    err = "'@' used outside of a SECTION";
    return false;
  }
  out.kind = ExprKind::Pc;
  out.a = load_.section >= 0 ? load_.section : section_;
  out.b = static_cast<int32_t>(load_.section >= 0 ? loadOffset(stmtStart_) : stmtStart_);
  return true;
}

bool Sections::bankPcOp(int col, ExprOp& out, std::string& err) const {
  out.col = col;
  if (section_ < 0) {
    err = "'@' used outside of a SECTION";
    return false;
  }
  out.kind = ExprKind::BankPc;
  out.a = section_;
  return true;
}

// UNION / NEXTU / ENDU: every NEXTU block starts where UNION did, and ENDU leaves the
// section at the end of the biggest block.
void Sections::unionBlock(bool isUnion, bool isEnd, int col) {
  if (section_ < 0) return rep_.error(col, "UNION outside of a SECTION");
  Section& sec = cur();
  if (isUnion) {
    if (regionInfo(sec.type).rom)
      return rep_.error(col, std::string("UNION is only allowed in RAM sections, not ") +
                                 regionInfo(sec.type).name + " '" + sec.name + "'");
    unions_.push_back(UnionFrame{section_, sec.size, sec.size, rep_.pos});
    return;
  }
  const char* name = isEnd ? "ENDU" : "NEXTU";
  if (unions_.empty() || unions_.back().section != section_)
    return rep_.error(col, std::string(name) + " without UNION");
  UnionFrame& u = unions_.back();
  u.max = std::max(u.max, sec.size);
  if (!isEnd) {
    sec.size = u.start;
  } else {
    sec.size = u.max;
    unions_.pop_back();
  }
}

// `ALIGN bits[, offset]`: the current position must be aligned. Like rgbasm it
// never pads; a floating section takes the constraint for the linker instead.
void Sections::align(int32_t bits, int32_t ofs, int col) {
  if (bits < 0 || bits > 16) return rep_.error(col, "ALIGN must be between 0 and 16");
  const uint32_t mask = (1u << bits) - 1;
  if (ofs < 0 || static_cast<uint32_t>(ofs) > mask)
    return rep_.error(col, "ALIGN offset must be below the alignment");
  Section& sec = cur();
  const uint32_t want = (static_cast<uint32_t>(ofs) - sec.size) & mask;  // section start
  if (sec.fixedAddress >= 0) {
    if ((static_cast<uint32_t>(sec.fixedAddress) & mask) != want)
      return rep_.error(col, "ALIGN " + std::to_string(bits) + " is not met at " +
                                 hex(static_cast<uint32_t>(sec.fixedAddress) + sec.size, 4));
    return;
  }
  const std::string conflict =
      "ALIGN " + std::to_string(bits) + " conflicts with the section's own alignment";
  if (sec.alignBits >= bits) {
    if ((sec.alignOffset & mask) != want) return rep_.error(col, conflict);
    return;
  }
  if (sec.alignBits > 0 && (want & ((1u << sec.alignBits) - 1)) != sec.alignOffset)
    return rep_.error(col, conflict);
  sec.alignBits = bits;
  sec.alignOffset = want;
}

bool Sections::alignPadding(int32_t bits, int32_t ofs, int col, int32_t& count) const {
  if (bits < 0 || bits > 16 || ofs < 0 || ofs >= (1 << bits)) {
    rep_.error(col, "bad ALIGN in ds");
    return false;
  }
  const Section& sec = cur();
  uint32_t base;
  if (sec.fixedAddress >= 0) {
    base = static_cast<uint32_t>(sec.fixedAddress);
  } else if (sec.alignBits >= bits) {
    base = sec.alignOffset;
  } else {
    rep_.error(col, "ds ALIGN needs a fixed-address section or one aligned as much");
    return false;
  }
  const uint32_t mask = (1u << bits) - 1;
  count = static_cast<int32_t>((static_cast<uint32_t>(ofs) - (base + sec.size)) & mask);
  return true;
}

// ---------------------------------------------------------------- bytes and patches

bool Sections::needCode(int col) {
  if (section_ < 0) {
    rep_.error(col, "code or data outside of a SECTION");
    return false;
  }
  const Section& sec = cur();
  if (!regionInfo(sec.type).rom) {
    rep_.error(col, std::string("cannot put code or data in a RAM section (") +
                        regionInfo(sec.type).name + " '" + sec.name + "')");
    return false;
  }
  return true;
}

bool Sections::grow(uint32_t n, int col) {
  Section& sec = cur();
  // rgbasm's limits, which allow for rgblink -t (ROM0) and -w (WRAM0); the linker
  // checks the section against the layout it links for.
  const RegionInfo r = linkRegion(sec.type, LinkModes{true, true, false});
  if (static_cast<uint64_t>(sec.size) + n > r.size) {
    rep_.error(col, "section '" + sec.name + "' grew too big (" +
                        std::to_string(static_cast<uint64_t>(sec.size) + n) + " bytes; " + r.name +
                        " holds " + std::to_string(r.size) + ")");
    rep_.stop();
    return false;
  }
  if (r.rom) sec.data.resize(sec.size + n);
  sec.size += n;
  return true;
}

void Sections::emitByte(uint8_t b, int col) {
  if (!grow(1, col)) return;
  cur().data.back() = b;
}

void Sections::emitValue(PatchKind kind, const Expr& e, int col) {
  const uint32_t n = kind == PatchKind::Word ? 2 : kind == PatchKind::Long ? 4 : 1;
  const uint32_t offset = cur().size;
  if (!grow(n, col)) return;
  resolveOrPatch(kind, e, offset, col);
}

void Sections::emitBytes(const std::string& data, size_t start, size_t length, int col) {
  const uint32_t at = cur().size;
  if (!grow(static_cast<uint32_t>(length), col)) return;
  std::copy(data.begin() + static_cast<long>(start),
            data.begin() + static_cast<long>(start + length), cur().data.begin() + at);
}

void Sections::resolveOrPatch(PatchKind kind, const Expr& e, uint32_t offset, int col) {
  Section& sec = cur();
  EvalResult r = syms_.eval(e);
  std::string err;
  if (r.status == EvalResult::Error)
    return rep_.error(r.failOp >= 0 ? e.ops[static_cast<size_t>(r.failOp)].col : col, r.error);
  if (r.status == EvalResult::Known && kind != PatchKind::Jr) {
    std::string warn;
    if (!storePatchValue(sec.data, offset, kind, r.value, err, warn)) rep_.error(col, err);
    if (!warn.empty()) rep_.warning(col, warn);
    return;
  }
  if (kind == PatchKind::Jr) {
    // The displacement is known when the target is in this section, or both are fixed.
    int32_t disp = 0;
    bool known = false;
    if (load_.section >= 0) {
      // Inside LOAD the jr runs at its load address: only targets in the block resolve.
      const Section& ls = prog_.sections[static_cast<size_t>(load_.section)];
      const int32_t pc = static_cast<int32_t>(loadOffset(stmtStart_) + 2);
      if (r.status == EvalResult::Relative && r.section == load_.section)
        disp = r.value - pc, known = true;
      else if (r.status == EvalResult::Known && ls.fixedAddress >= 0)
        disp = r.value - (ls.fixedAddress + pc), known = true;
      else
        return rep_.error(col, "jr from a LOAD block must target a label in the same LOAD section");
    } else if (r.status == EvalResult::Relative && r.section == section_) {
      disp = r.value - static_cast<int32_t>(stmtStart_ + 2);
      known = true;
    } else if (r.status == EvalResult::Known && sec.fixedAddress >= 0) {
      disp = r.value - (sec.fixedAddress + static_cast<int32_t>(stmtStart_ + 2));
      known = true;
    }
    if (known) {
      std::string warn;
      if (!storePatchValue(sec.data, offset, kind, disp, err, warn)) rep_.error(col, err);
      return;
    }
  }
  Patch p;
  p.offset = offset;
  p.pcOffset = stmtStart_;
  p.kind = kind;
  p.unit = unitIdx_;
  p.pos = rep_.at(col);
  p.expr = e;
  sec.patches.push_back(std::move(p));
}

}  // namespace core::sm83
