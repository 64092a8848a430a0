// Block and mode directives of the built-in SM83 assembler (internal, see
// rgbasm.h): LOAD/ENDL, UNION/NEXTU/ENDU, the ALIGN directive, named charmaps
// and OPT/PUSHO/POPO. The rest of the directives are in sm83_directives.cpp.
#include <algorithm>
#include <optional>

#include "core/asm/rgbds/sm83_assembler.h"

#include "core/util/text.h"

namespace core::sm83 {

namespace {}  // namespace

// LOAD "name", TYPE[...]: the bytes go on into the current ROM section while the
// labels (and `@`) take addresses in the named section, e.g. code copied to HRAM.
void Assembler::dirLoad(int col) {
  if (section_ < 0) return error(col, "LOAD outside of a SECTION");
  if (load_.section >= 0) {
    // rgbds 1.0 ends the open block here (its -Wunterminated-load warning); older
    // releases refused it. Either way the first block's ENDL is missing.
    const std::string outer = (load_.pos.file == pos_.file || load_.pos.file < 0
                                   ? "line "
                                   : prog_.files[static_cast<size_t>(load_.pos.file)] + ":") +
                              std::to_string(load_.pos.line);
    warning(col, "LOAD inside the LOAD block of " + outer +
                     " ends that block (LOAD blocks do not nest; close it with ENDL)");
    endLoad();
  }
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
                            hex(static_cast<uint32_t>(sec.fixedAddress) + sec.size));
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

namespace {

// rgbasm's whole numbers in options (`OPT p`, `OPT r`): decimal, or `$`/`0x` hex,
// `&`/`0o` octal, `%`/`0b` binary; nothing may follow the digits.
std::optional<uint64_t> optionNumber(std::string_view s) {
  int base = 10;
  if (!s.empty() && (s[0] == '$' || s[0] == '&' || s[0] == '%')) {
    base = s[0] == '$' ? 16 : s[0] == '&' ? 8 : 2;
    s.remove_prefix(1);
  } else if (s.size() > 1 && s[0] == '0' && std::string_view("xXoObB").find(s[1]) != s.npos) {
    base = s[1] == 'x' || s[1] == 'X' ? 16 : s[1] == 'o' || s[1] == 'O' ? 8 : 2;
    s.remove_prefix(2);
  }
  if (s.empty()) return std::nullopt;
  uint64_t v = 0;
  for (char c : s) {
    const int d = c >= '0' && c <= '9'   ? c - '0'
                  : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                         : 99;
    if (d >= base) return std::nullopt;
    v = std::min<uint64_t>(v * static_cast<uint64_t>(base) + static_cast<uint64_t>(d), 1ull << 40);
  }
  return v;
}

}  // namespace

// OPT / PUSHO / POPO, parsed as rgbasm 1.0 parses them (a leading `-` and blanks
// after the letter are allowed): `b` (binary digits), `g` (graphics digits), `Q`
// (fixed-point precision) and `r` (nesting depth) change what is assembled; `p`
// (padding) and `W` (warnings) are checked, then ignored. Any other letter is an
// error, as in rgbasm.
void Assembler::dirOpt(Kw kw, int col) {
  if (kw == Kw::POPO) {
    if (!expectEnd()) return;
    if (optStack_.empty()) return error(col, "POPO without PUSHO");
    lx_.setDigits(optStack_.back().digits);
    maxDepth_ = optStack_.back().maxDepth;
    optStack_.pop_back();
    return;
  }
  if (kw == Kw::PUSHO) optStack_.push_back(OptState{lx_.digits(), maxDepth_});
  std::string_view rest = lx_.rest();
  rest = trimView(rest.substr(0, rest.find(';')), " \t\r");
  if (rest.empty()) {
    if (kw == Kw::OPT) error(col, "OPT needs an option");
    return;
  }
  Lexer::Digits d = lx_.digits();
  size_t depth = maxDepth_;
  size_t at = 0;
  while (at <= rest.size()) {
    size_t comma = rest.find(',', at);
    std::string_view o =
        trimView(rest.substr(at, comma == std::string_view::npos ? comma : comma - at), " \t\r");
    const std::string text(o);
    if (!o.empty() && o[0] == '-') o.remove_prefix(1);
    if (o.empty()) return error(col, "empty OPT option");
    const char letter = o[0];
    const std::string_view arg = trimView(o.substr(1), " \t\r");
    auto bad = [&](const std::string& why) { error(col, "bad OPT '" + text + "': " + why); };
    switch (letter) {
      case 'b':
        if (arg.size() != 2) return bad("b takes exactly 2 characters");
        d.bin[0] = arg[0], d.bin[1] = arg[1];
        break;
      case 'g':
        if (arg.size() != 4) return bad("g takes exactly 4 characters");
        std::copy(arg.begin(), arg.end(), d.gfx);
        break;
      case 'Q': {
        // OPT Q8 / OPT Q.8: the default precision of fixed-point literals (rgbasm -Q).
        auto q = optionNumber(arg.substr(!arg.empty() && arg[0] == '.' ? 1 : 0));
        if (!q || *q < 1 || *q > 31) return bad("Q takes a precision from 1 to 31");
        d.fixPrecision = static_cast<int>(*q);
        break;
      }
      case 'p': {
        auto p = optionNumber(arg);
        if (!p || *p > 0xFF) return bad("p takes a pad byte from 0 to $FF");
        break;
      }
      case 'r': {
        auto r = optionNumber(arg);
        if (!r) return bad("r takes a nesting depth (a whole number)");
        if (*r > kMaxRecursionDepth)
          return bad("this assembler nests at most " + std::to_string(kMaxRecursionDepth) +
                     " levels");
        if (contexts_.size() > *r + 1)
          return bad("already nested " + std::to_string(contexts_.size() - 1) + " levels deep");
        depth = static_cast<size_t>(*r);
        break;
      }
      case 'W':
        if (arg.empty()) return bad("W takes a warning flag");
        break;
      default:
        return error(col, "unknown OPT option '" + std::string(1, letter) + "' in '" + text +
                              "' (rgbasm's are b, g, p, Q, r and W)");
    }
    if (comma == std::string_view::npos) break;
    at = comma + 1;
  }
  lx_.setDigits(d);
  maxDepth_ = depth;
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
