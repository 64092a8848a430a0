// Block and mode directives of the built-in SM83 assembler (internal, see
// rgbasm.h): LOAD/ENDL, UNION/NEXTU/ENDU, the ALIGN directive, named charmaps
// and OPT/PUSHO/POPO. The rest of the directives are in sm83_directives.cpp.
#include <algorithm>

#include "core/asm/rgbds/sm83_assembler.h"

namespace core::sm83 {

namespace {

std::string_view trimView(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

std::string hex4(uint32_t v) {
  static const char* kDigits = "0123456789ABCDEF";
  std::string s = "$0000";
  for (int i = 4; i >= 1; --i, v >>= 4) s[static_cast<size_t>(i)] = kDigits[v & 15];
  return s;
}

}  // namespace

// LOAD "name", TYPE[...]: the bytes go on into the current ROM section while the
// labels (and `@`) take addresses in the named section, e.g. code copied to HRAM.
void Assembler::dirLoad(int col) {
  if (section_ < 0) return error(col, "LOAD outside of a SECTION");
  if (load_.section >= 0) endLoad();
  const int rom = section_;
  if (!regionInfo(prog_.sections[static_cast<size_t>(rom)].type).rom)
    return error(col, "LOAD needs a ROM section to hold its bytes");
  const std::string scope = scope_;
  dirSection(false);
  const int target = section_;
  section_ = rom;
  if (target == rom || target < 0 || fatal_) return;
  load_ = LoadBlock{target, prog_.sections[static_cast<size_t>(rom)].size,
                    prog_.sections[static_cast<size_t>(target)].size, scope, pos_};
}

void Assembler::endLoad() {
  Section& target = prog_.sections[static_cast<size_t>(load_.section)];
  target.size = loadOffset(prog_.sections[static_cast<size_t>(section_)].size);
  scope_ = load_.scope;  // ENDL restores the label scope of before LOAD
  load_ = LoadBlock{};
}

// `ALIGN bits[, offset]`: the current position must be aligned. Like rgbasm it
// never pads; a floating section takes the constraint for the linker instead.
void Assembler::dirAlign(int col) {
  if (section_ < 0) return error(col, "ALIGN outside of a SECTION");
  int32_t bits = 0, ofs = 0;
  if (!constExpr(bits, "ALIGN")) return;
  if (lx_.peek().kind == Tok::Comma) {
    lx_.next();
    if (!constExpr(ofs, "the ALIGN offset")) return;
  }
  if (!expectEnd()) return;
  if (bits < 0 || bits > 16) return error(col, "ALIGN must be between 0 and 16");
  const uint32_t mask = (1u << bits) - 1;
  if (ofs < 0 || static_cast<uint32_t>(ofs) > mask)
    return error(col, "ALIGN offset must be below the alignment");
  Section& sec = prog_.sections[static_cast<size_t>(section_)];
  const uint32_t want = (static_cast<uint32_t>(ofs) - sec.size) & mask;  // section start
  if (sec.fixedAddress >= 0) {
    if ((static_cast<uint32_t>(sec.fixedAddress) & mask) != want)
      return error(col, "ALIGN " + std::to_string(bits) + " is not met at " +
                            hex4(static_cast<uint32_t>(sec.fixedAddress) + sec.size));
    return;
  }
  if (sec.alignBits >= bits) {
    if ((sec.alignOffset & mask) != want)
      return error(col,
                   "ALIGN " + std::to_string(bits) + " conflicts with the section's own alignment");
    return;
  }
  if (sec.alignBits > 0 && (want & ((1u << sec.alignBits) - 1)) != sec.alignOffset)
    return error(col,
                 "ALIGN " + std::to_string(bits) + " conflicts with the section's own alignment");
  sec.alignBits = bits;
  sec.alignOffset = want;
}

// OPT / PUSHO / POPO. Only `b` (binary digits), `g` (graphics digits) and `Q`
// (fixed-point precision) change what is assembled; warning and padding options
// are accepted and ignored.
void Assembler::dirOpt(Kw kw, int col) {
  if (kw == Kw::POPO) {
    if (!expectEnd()) return;
    if (optStack_.empty()) return error(col, "POPO without PUSHO");
    lx_.setDigits(optStack_.back());
    optStack_.pop_back();
    return;
  }
  if (kw == Kw::PUSHO) optStack_.push_back(lx_.digits());
  std::string_view rest = lx_.rest();
  rest = trimView(rest.substr(0, rest.find(';')));
  Lexer::Digits d = lx_.digits();
  size_t at = 0;
  while (at < rest.size()) {
    size_t comma = rest.find(',', at);
    std::string_view o =
        trimView(rest.substr(at, comma == std::string_view::npos ? comma : comma - at));
    if (o.size() == 3 && o[0] == 'b')
      d.bin[0] = o[1], d.bin[1] = o[2];
    else if (o.size() == 5 && o[0] == 'g')
      std::copy(o.begin() + 1, o.end(), d.gfx);
    else if (!o.empty() && o[0] == 'Q') {
      // OPT Q8 / OPT Q.8: the default precision of fixed-point literals (rgbasm -Q).
      std::string_view q = o.substr(o.size() > 1 && o[1] == '.' ? 2 : 1);
      int v = 0;
      bool ok = !q.empty() && q.size() <= 2;
      for (size_t i = 0; ok && i < q.size(); ++i)  // two digits at most: no overflow
        ok = q[i] >= '0' && q[i] <= '9', v = v * 10 + (q[i] - '0');
      if (!ok || v < 1 || v > 31)
        return error(col, "bad OPT '" + std::string(o) + "': Q takes a precision from 1 to 31");
      d.fixPrecision = v;
    } else if (!o.empty() && (o[0] == 'b' || o[0] == 'g'))
      return error(col, "bad OPT '" + std::string(o) + "'");
    if (comma == std::string_view::npos) break;
    at = comma + 1;
  }
  lx_.setDigits(d);
}

// Named charmaps: the current one lives in charmap_, the others in charmaps_.
void Assembler::dirCharmapSwitch(Kw kw, int col) {
  auto select = [&](const std::string& name) {
    charmaps_[charmapName_] = std::move(charmap_);
    charmapName_ = name;
    charmap_ = charmaps_[name];
    charmapMaxLen_ = 0;
    for (const auto& [from, v] : charmap_) charmapMaxLen_ = std::max(charmapMaxLen_, from.size());
  };
  if (kw == Kw::PUSHC && lx_.peek().kind == Tok::Ident) {
    // rgbds 1.0 `PUSHC name`: push the current charmap, then switch to `name`.
    lx_.setExpand(false);
    Token n = lx_.next();
    lx_.setExpand(true);
    const std::string name(lx_.text(n));
    if (!expectEnd()) return;
    if (name != charmapName_ && !charmaps_.count(name))
      return error(n.col(), "charmap '" + name + "' does not exist");
    charmapStack_.push_back(charmapName_);
    if (name != charmapName_) select(name);
    return;
  }
  if (kw == Kw::PUSHC || kw == Kw::POPC) {
    if (!expectEnd()) return;
    if (kw == Kw::PUSHC) return charmapStack_.push_back(charmapName_);
    if (charmapStack_.empty()) return error(col, "POPC without PUSHC");
    select(charmapStack_.back());
    charmapStack_.pop_back();
    return;
  }
  lx_.setExpand(false);
  Token n = lx_.next();
  lx_.setExpand(true);
  if (n.kind != Tok::Ident) return error(n.col(), "expected a charmap name");
  const std::string name(lx_.text(n));
  std::string base;
  if (kw == Kw::NEWCHARMAP && lx_.peek().kind == Tok::Comma) {
    lx_.next();
    Token b = lx_.next();
    if (b.kind != Tok::Ident) return error(b.col(), "expected a charmap name");
    base = std::string(lx_.text(b));
  }
  if (!expectEnd()) return;
  const bool exists = name == charmapName_ || charmaps_.count(name);
  if (kw == Kw::SETCHARMAP) {
    if (!exists) return error(n.col(), "charmap '" + name + "' does not exist");
    if (name != charmapName_) select(name);
    return;
  }
  if (exists) return error(n.col(), "charmap '" + name + "' already exists");
  if (!base.empty() && base != charmapName_ && !charmaps_.count(base))
    return error(col, "charmap '" + base + "' does not exist");
  StringMap<uint8_t> init = base.empty()           ? StringMap<uint8_t>{}
                            : base == charmapName_ ? charmap_
                                                   : charmaps_[base];
  charmaps_[name] = std::move(init);
  select(name);
}

// UNION / NEXTU / ENDU: every NEXTU block starts where UNION did, and ENDU leaves the
// section at the end of the biggest block.
void Assembler::dirUnion(Kw kw, int col) {
  if (section_ < 0) return error(col, "UNION outside of a SECTION");
  Section& sec = prog_.sections[static_cast<size_t>(section_)];
  if (kw == Kw::UNION) {
    if (regionInfo(sec.type).rom)
      return error(col, std::string("UNION is only allowed in RAM sections, not ") +
                            regionInfo(sec.type).name + " '" + sec.name + "'");
    unions_.push_back(UnionFrame{section_, sec.size, sec.size, pos_});
    return;
  }
  const char* name = kw == Kw::NEXTU ? "NEXTU" : "ENDU";
  if (unions_.empty() || unions_.back().section != section_)
    return error(col, std::string(name) + " without UNION");
  UnionFrame& u = unions_.back();
  u.max = std::max(u.max, sec.size);
  if (kw == Kw::NEXTU) {
    sec.size = u.start;
  } else {
    sec.size = u.max;
    unions_.pop_back();
  }
}

}  // namespace core::sm83
