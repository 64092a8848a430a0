#include "core/asm/rgbds/sm83_linker_script.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <vector>

#include "core/util/files.h"
#include "core/util/text.h"

namespace core::sm83 {

namespace {

constexpr int kMaxIncludeDepth = 32;
constexpr uint64_t kMaxScriptBytes = 4u << 20;
// Budgets: INCLUDEs that repeat a script can run it 2^32 times within the depth
// limit, each line an error with a note per level, so the lines run (over every
// INCLUDE) and the errors reported are bounded, as the assembler's are.
constexpr uint64_t kMaxScriptLines = 100000;
constexpr int kMaxErrors = 200;

struct Token {
  enum Kind { End, Word, Number, String, Comma, Bad } kind = End;
  std::string text;  // Word: upper case; String: unescaped; Bad: the message
  uint32_t value = 0;
  int col = 0;
};

// One line's tokens. rgblink(5): `;` comments, case-insensitive keywords, numbers
// in decimal, $/0x hex, &/0o octal, %/0b binary with `_` separators, strings with
// \\ \" \n \r \t \0.
std::vector<Token> tokenize(const std::string& line) {
  std::vector<Token> out;
  size_t i = 0;
  auto bad = [&](size_t at, std::string msg) {
    Token t;
    t.kind = Token::Bad;
    t.text = std::move(msg);
    t.col = static_cast<int>(at) + 1;
    out.push_back(std::move(t));
  };
  while (i < line.size()) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
      continue;
    }
    if (c == ';') break;
    Token t;
    t.col = static_cast<int>(i) + 1;
    if (c == ',') {
      t.kind = Token::Comma;
      ++i;
    } else if (c == '"') {
      t.kind = Token::String;
      ++i;
      bool closed = false;
      while (i < line.size()) {
        char ch = line[i++];
        if (ch == '"') {
          closed = true;
          break;
        }
        if (ch == '\\' && i < line.size()) {
          const char e = line[i++];
          switch (e) {
            case '\\':
            case '"':
              ch = e;
              break;
            case 'n':
              ch = '\n';
              break;
            case 'r':
              ch = '\r';
              break;
            case 't':
              ch = '\t';
              break;
            case '0':
              ch = '\0';
              break;
            default:
              bad(i - 2, std::string("unknown escape '\\") + e + "' in a string");
              return out;
          }
        }
        t.text += ch;
      }
      if (!closed) {
        bad(static_cast<size_t>(t.col - 1), "unterminated string");
        return out;
      }
    } else if (std::isdigit(static_cast<unsigned char>(c)) || c == '$' || c == '%' || c == '&') {
      int base = 10;
      size_t j = i;
      if (c == '$') {
        base = 16;
        ++j;
      } else if (c == '%') {
        base = 2;
        ++j;
      } else if (c == '&') {
        base = 8;
        ++j;
      } else if (c == '0' && j + 1 < line.size()) {
        const char p = static_cast<char>(std::tolower(static_cast<unsigned char>(line[j + 1])));
        if (p == 'x' || p == 'o' || p == 'b') {
          base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
          j += 2;
        }
      }
      uint64_t v = 0;
      size_t digits = 0;
      for (; j < line.size(); ++j) {
        const char d = line[j];
        if (d == '_' && digits > 0) continue;
        int dv = std::isdigit(static_cast<unsigned char>(d)) ? d - '0'
                 : std::isxdigit(static_cast<unsigned char>(d))
                     ? std::tolower(static_cast<unsigned char>(d)) - 'a' + 10
                     : -1;
        if (dv < 0 || dv >= base) {
          if (std::isalnum(static_cast<unsigned char>(d))) {
            bad(j, std::string("invalid digit '") + d + "' in a number");
            return out;
          }
          break;
        }
        v = std::min<uint64_t>(v * static_cast<uint64_t>(base) + static_cast<uint64_t>(dv),
                               0xFFFFFFFFull);
        ++digits;
      }
      if (digits == 0) {
        bad(i, "a number needs digits");
        return out;
      }
      t.kind = Token::Number;
      t.value = static_cast<uint32_t>(v);
      i = j;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t j = i;
      while (j < line.size() &&
             (std::isalnum(static_cast<unsigned char>(line[j])) || line[j] == '_'))
        ++j;
      t.kind = Token::Word;
      t.text = upper(line.substr(i, j - i));
      i = j;
    } else {
      bad(i, std::string("unexpected character '") + c + "'");
      return out;
    }
    out.push_back(std::move(t));
  }
  Token end;
  end.col = static_cast<int>(line.size()) + 1;
  out.push_back(end);
  return out;
}

int sectionTypeOf(const std::string& word) {
  static const char* kNames[] = {"ROM0", "ROMX", "VRAM", "SRAM", "WRAM0", "WRAMX", "OAM", "HRAM"};
  for (int i = 0; i < 8; ++i)
    if (word == kNames[i]) return i;
  return -1;
}

class ScriptRunner {
 public:
  ScriptRunner(Program& p, const ScriptReader& read) : p_(p), read_(read) {
    for (size_t i = 0; i < p_.sections.size(); ++i)
      if (!p_.sections[i].merged) byName_[p_.sections[i].name].push_back(static_cast<int>(i));
  }

  void runFile(const std::string& path, const std::string& includer) {
    std::optional<std::string> text = read(path);
    std::string found = path;
    if (!text && !includer.empty()) {
      // Like the assembler's INCLUDE: as written, then beside the including script.
      std::filesystem::path beside =
          std::filesystem::path(includer).parent_path() / std::filesystem::path(path);
      if (beside != std::filesystem::path(path)) {
        text = read(beside.lexically_normal().string());
        found = beside.lexically_normal().string();
      }
    }
    if (!text) {
      if (chain_.empty())
        p_.diagnostics.push_back(Diagnostic{Diagnostic::Severity::Error, SourceLoc{path, 0, 0},
                                            "cannot read the linker script"});
      else
        error(includeCol_, "cannot find linker script \"" + path + "\" to INCLUDE");
      return;
    }
    if (static_cast<int>(chain_.size()) >= kMaxIncludeDepth) {
      error(includeCol_, "linker script INCLUDEs nest more than " +
                             std::to_string(kMaxIncludeDepth) + " deep (recursive INCLUDE?)");
      return;
    }
    chain_.push_back(Frame{found, 0});
    size_t start = 0;
    while (start <= text->size() && !stopped_) {
      size_t nl = text->find('\n', start);
      if (nl == std::string::npos) nl = text->size();
      chain_.back().line++;
      if (++lines_ > kMaxScriptLines) {
        error(0, "the linker script runs more than " + std::to_string(kMaxScriptLines) +
                     " lines with its INCLUDEs (an INCLUDE repeated in a loop?); stopping");
        stopped_ = true;
        break;
      }
      runLine(text->substr(start, nl - start));
      start = nl + 1;
    }
    chain_.pop_back();
  }

 private:
  struct Frame {
    std::string file;
    int line = 0;
  };

  std::optional<std::string> read(const std::string& path) const {
    if (read_) return read_(path);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
    return readTextFile(path, nullptr, kMaxScriptBytes);
  }

  SourceLoc here(int col) const { return SourceLoc{chain_.back().file, chain_.back().line, col}; }

  void error(int col, std::string msg) {
    if (stopped_) return;
    p_.diagnostics.push_back(Diagnostic{Diagnostic::Severity::Error, here(col), std::move(msg)});
    for (size_t i = chain_.size() - 1; i-- > 0;)
      p_.diagnostics.push_back(Diagnostic{Diagnostic::Severity::Note,
                                          SourceLoc{chain_[i].file, chain_[i].line, 0},
                                          "in linker script included from here"});
    if (++errors_ >= kMaxErrors) {
      p_.diagnostics.push_back(Diagnostic{Diagnostic::Severity::Error, here(0),
                                          "too many errors in the linker script, stopping"});
      stopped_ = true;
    }
  }

  RegionInfo active() const { return linkRegion(static_cast<SectionType>(type_), p_.modes); }

  // The current address of the active bank (rgblink keeps one per bank).
  uint32_t& pc() {
    auto [it, fresh] = pcs_.try_emplace({type_, bank_}, active().start);
    return it->second;
  }

  bool needRegion(int col, const char* what) {
    if (type_ >= 0) return true;
    error(col, std::string("cannot ") + what + ": no memory region is active");
    return false;
  }

  void runLine(const std::string& line) {
    std::vector<Token> t = tokenize(line);
    for (const Token& k : t)
      if (k.kind == Token::Bad) return error(k.col, k.text);
    size_t i = 0;
    auto expectEnd = [&]() {
      if (t[i].kind == Token::End) return true;
      error(t[i].col, "expected the end of the line, not " + describe(t[i]));
      return false;
    };
    auto number = [&](const char* what, uint32_t& v) {
      if (t[i].kind != Token::Number) {
        error(t[i].col, std::string(what) + " needs a number, not " + describe(t[i]));
        return false;
      }
      v = t[i++].value;
      return true;
    };
    const Token& first = t[i++];
    if (first.kind == Token::End) return;
    if (first.kind == Token::String) {
      bool optional = false;
      if (t[i].kind == Token::Word && t[i].text == "OPTIONAL") {
        optional = true;
        ++i;
      }
      if (!expectEnd()) return;
      return placeSection(first, optional);
    }
    if (first.kind != Token::Word)
      return error(first.col, "expected a directive or a section name, not " + describe(first));
    const std::string& kw = first.text;
    if (kw == "INCLUDE") {
      if (t[i].kind != Token::String)
        return error(t[i].col, "INCLUDE needs a quoted file name, not " + describe(t[i]));
      const std::string name = t[i++].text;
      if (!expectEnd()) return;
      includeCol_ = first.col;
      const std::string includer = chain_.back().file;
      return runFile(name, includer);
    }
    if (int ty = sectionTypeOf(kw); ty >= 0) {
      const RegionInfo r = linkRegion(static_cast<SectionType>(ty), p_.modes);
      if (const char* flag = excludedBy(static_cast<SectionType>(ty), p_.modes))
        return error(first.col,
                     std::string(r.name) + " is left out by the linker's " + flag + " flag");
      if (t[i].kind == Token::Word && t[i].text == "FLOATING") {
        ++i;
        if (!expectEnd()) return;
        type_ = ty;
        // A single-bank region has nothing to float: its one bank is active.
        bank_ = r.minBank == r.maxBank ? r.minBank : -1;
        floating_ = bank_ < 0;
        alignMask_ = alignOffset_ = 0;
        return;
      }
      int bank = r.minBank;
      if (t[i].kind == Token::Number) {
        const uint32_t b = t[i].value;
        if (b < static_cast<uint32_t>(r.minBank) || b > static_cast<uint32_t>(r.maxBank))
          return error(t[i].col, std::string(r.name) + " bank " + std::to_string(b) +
                                     " does not exist (banks " + std::to_string(r.minBank) + "-" +
                                     std::to_string(r.maxBank) + ")");
        bank = static_cast<int>(b);
        ++i;
      } else if (r.minBank != r.maxBank) {
        return error(t[i].col,
                     std::string("a bank number must be given for ") + r.name + " (or FLOATING)");
      }
      if (!expectEnd()) return;
      type_ = ty;
      bank_ = bank;
      floating_ = false;
      return;
    }
    if (kw == "FLOATING") {
      if (!expectEnd() || !needRegion(first.col, "make the address floating")) return;
      floating_ = true;
      alignMask_ = alignOffset_ = 0;
      return;
    }
    if (kw == "ORG") {
      uint32_t addr = 0;
      if (!number("ORG", addr) || !expectEnd() || !needRegion(first.col, "set the address")) return;
      if (bank_ < 0) return error(first.col, "cannot ORG: the bank is floating");
      uint32_t& at = pc();
      const uint32_t end = active().start + active().size;  // one past the end is allowed
      if (addr < at)
        return error(t[1].col, "cannot move the current address backwards (from " + lower(hex(at)) +
                                   " to " + lower(hex(addr)) + ")");
      if (addr > end)
        return error(t[1].col, "cannot set the current address to " + lower(hex(addr)) + ": " +
                                   active().name + " ends at " + lower(hex(end - 1)));
      at = addr;
      floating_ = false;
      return;
    }
    if (kw == "ALIGN") {
      uint32_t bits = 0, ofs = 0;
      if (!number("ALIGN", bits)) return;
      if (t[i].kind == Token::Comma) {
        ++i;
        if (!number("the ALIGN offset", ofs)) return;
      }
      if (!expectEnd() || !needRegion(first.col, "align")) return;
      if (bits > 16) return error(t[1].col, "ALIGN must be between 0 and 16");
      const uint32_t size = 1u << bits;
      if (ofs >= size)
        return error(t[1].col, "the ALIGN offset (" + std::to_string(ofs) +
                                   ") must be less than the alignment size (" +
                                   std::to_string(size) + ")");
      if (floating_) {
        alignMask_ = bits >= 16 ? 0xFFFF : size - 1;
        alignOffset_ = ofs & alignMask_;
        return;
      }
      uint32_t& at = pc();
      const uint32_t mask = size - 1;
      const uint32_t next = bits >= 16 ? ofs : at + ((ofs - at) & mask);
      const uint32_t end = active().start + active().size;
      if (next < at || next > end)
        return error(t[1].col, "cannot align: the next suitable address after " + lower(hex(at)) +
                                   " is past " + lower(hex(end - 1)));
      at = next;
      return;
    }
    if (kw == "DS") {
      uint32_t n = 0;
      if (!number("DS", n) || !expectEnd() || !needRegion(first.col, "skip bytes")) return;
      if (floating_) {
        alignOffset_ = (alignOffset_ + n) & alignMask_;
        return;
      }
      uint32_t& at = pc();
      const uint32_t end = active().start + active().size;
      if (n > end - at)
        return error(t[1].col, "cannot skip " + std::to_string(n) + " bytes: only " +
                                   std::to_string(end - at) + " are left before " +
                                   lower(hex(end)));
      at += n;
      return;
    }
    error(first.col, "unknown linker script directive '" + kw + "'");
  }

  static std::string describe(const Token& t) {
    switch (t.kind) {
      case Token::End:
        return "the end of the line";
      case Token::Word:
        return "'" + t.text + "'";
      case Token::Number:
        return "a number";
      case Token::String:
        return "a string";
      case Token::Comma:
        return "','";
      case Token::Bad:
        break;
    }
    return "a bad token";
  }

  void placeSection(const Token& nameTok, bool optional) {
    const std::string& name = nameTok.text;
    const int col = nameTok.col;
    if (type_ < 0)
      return error(col, "no memory region is active to place section \"" + name + "\" in");
    auto it = byName_.find(name);
    if (it == byName_.end()) {
      if (!optional)
        error(col, "undefined section \"" + name + "\" (mark it OPTIONAL if it may be absent)");
      return;
    }
    const RegionInfo r = active();
    // Fragments from several files are one section to rgblink: placed end to end.
    uint32_t total = 0;
    for (int idx : it->second) total += p_.sections[static_cast<size_t>(idx)].size;
    Section& head = p_.sections[static_cast<size_t>(it->second.front())];
    if (!head.scriptLoc.file.empty())
      return error(col, "section \"" + name + "\" is already placed by " + head.scriptLoc.file +
                            ":" + std::to_string(head.scriptLoc.line));
    if (static_cast<int>(head.type) != type_)
      return error(col, "section \"" + name + "\" is a " + regionInfo(head.type).name +
                            " section, but the linker script places it in " + r.name);
    if (bank_ >= 0 && head.fixedBank >= 0 && head.fixedBank != bank_ && r.minBank != r.maxBank)
      return error(col, "the linker script places section \"" + name + "\" in " + r.name +
                            " bank " + std::to_string(bank_) + ", but its SECTION asks for bank " +
                            std::to_string(head.fixedBank));
    if (!floating_) {
      const uint32_t org = pc();
      if (head.fixedAddress >= 0 && static_cast<uint32_t>(head.fixedAddress) != org)
        return error(col, "the linker script places section \"" + name + "\" at " +
                              lower(hex(org)) + ", but its SECTION asks for " +
                              lower(hex(static_cast<uint32_t>(head.fixedAddress))));
      if (head.alignBits > 0 && (org & ((1u << head.alignBits) - 1)) != head.alignOffset)
        return error(col, "the linker script places section \"" + name + "\" at " +
                              lower(hex(org)) + ", which breaks its ALIGN[" +
                              std::to_string(head.alignBits) + ", " +
                              std::to_string(head.alignOffset) + "]");
      const uint32_t end = r.start + r.size;
      if (total > end - org)
        return error(col, "the linker script places section \"" + name + "\" (" +
                              std::to_string(total) + " bytes) at " + lower(hex(org)) +
                              ", so it would overflow " + r.name + " by " +
                              std::to_string(total - (end - org)) + " bytes");
      uint32_t at = org;
      for (int idx : it->second) {
        Section& s = p_.sections[static_cast<size_t>(idx)];
        s.fixedAddress = static_cast<int32_t>(at);
        s.fixedBank = bank_;
        s.alignBits = 0;
        s.alignOffset = 0;
        s.scriptLoc = here(col);
        at += s.size;
      }
      pc() = at;
      return;
    }
    for (int idx : it->second) {
      Section& s = p_.sections[static_cast<size_t>(idx)];
      s.fixedBank = bank_;  // -1 after `TYPE FLOATING`: the script frees the bank, as rgblink
      s.fixedAddress = -1;
      s.scriptLoc = here(col);
      if (&s == &head) {
        s.alignBits = 0;
        while (s.alignBits < 16 && (alignMask_ >> s.alignBits) & 1) ++s.alignBits;
        s.alignOffset = alignOffset_;
      }
    }
    alignOffset_ = (alignOffset_ + total) & alignMask_;
  }

  Program& p_;
  const ScriptReader& read_;
  std::map<std::string, std::vector<int>> byName_;
  std::vector<Frame> chain_;
  std::map<std::pair<int, int>, uint32_t> pcs_;
  int type_ = -1;  // SectionType of the active region, -1 = none yet
  int bank_ = -1;  // active bank, -1 = floating
  bool floating_ = false;
  uint32_t alignMask_ = 0, alignOffset_ = 0;  // for floating placements
  int includeCol_ = 0;
  uint64_t lines_ = 0;  // run so far, over every INCLUDE
  int errors_ = 0;
  bool stopped_ = false;  // a budget ran out: nothing more is run or reported
};

}  // namespace

void applyLinkerScript(Program& prog, const std::string& path, const ScriptReader& read) {
  ScriptRunner(prog, read).runFile(path, std::string());
}

}  // namespace core::sm83
