#include "core/asm/ca65/dbgfile.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>

namespace core {
namespace {

struct Attr {
  std::string key;
  std::string value;
  int col = 0;  // 1-based column of the key, for diagnostics
};

struct Record {
  std::string kind;
  std::vector<Attr> attrs;
  int line = 0;

  const Attr* find(const std::string& key) const {
    for (const auto& a : attrs)
      if (a.key == key) return &a;
    return nullptr;
  }
};

class Parser {
 public:
  Parser(const DbgParseOptions& opts, std::vector<Diagnostic>& diags)
      : opts_(opts), diags_(diags) {}

  void error(int line, int col, const std::string& msg) {
    diags_.push_back({Diagnostic::Severity::Error, {opts_.fileName, line, col}, msg});
    ++errors_;
  }
  void warning(int line, const std::string& msg) {
    diags_.push_back({Diagnostic::Severity::Warning, {opts_.fileName, line, 0}, msg});
  }
  int errors() const { return errors_; }

  // Splits one line into a record; false (with a diagnostic) when it is malformed.
  bool tokenize(const std::string& text, int lineNo, Record& rec) {
    size_t i = 0;
    while (i < text.size() && text[i] != '\t' && text[i] != ' ') ++i;
    rec.kind = text.substr(0, i);
    rec.line = lineNo;
    while (i < text.size() && (text[i] == '\t' || text[i] == ' ')) ++i;
    while (i < text.size()) {
      Attr a;
      a.col = static_cast<int>(i) + 1;
      size_t eq = i;
      while (eq < text.size() && text[eq] != '=' && text[eq] != ',') ++eq;
      if (eq >= text.size() || text[eq] != '=') {
        error(lineNo, a.col, "expected key=value in '" + rec.kind + "' record");
        return false;
      }
      a.key = text.substr(i, eq - i);
      if (a.key.empty()) {
        error(lineNo, a.col, "empty attribute name in '" + rec.kind + "' record");
        return false;
      }
      i = eq + 1;
      if (i < text.size() && text[i] == '"') {
        ++i;
        bool closed = false;
        while (i < text.size()) {
          char c = text[i++];
          if (c == '"') {
            closed = true;
            break;
          }
          if (c == '\\' && i < text.size()) c = text[i++];
          a.value += c;
        }
        if (!closed) {
          error(lineNo, a.col, "unterminated string in attribute '" + a.key + "'");
          return false;
        }
      } else {
        size_t end = text.find(',', i);
        if (end == std::string::npos) end = text.size();
        a.value = text.substr(i, end - i);
        i = end;
      }
      rec.attrs.push_back(std::move(a));
      if (i < text.size()) {
        if (text[i] != ',') {
          error(lineNo, static_cast<int>(i) + 1, "expected ',' between attributes");
          return false;
        }
        ++i;
      }
    }
    return true;
  }

  static std::optional<uint64_t> parseNumber(const std::string& s) {
    if (s.empty()) return std::nullopt;
    const char* b = s.data();
    const char* e = s.data() + s.size();
    bool neg = false;
    if (*b == '-') {
      neg = true;
      ++b;
    }
    int base = 10;
    if (e - b > 2 && b[0] == '0' && (b[1] == 'x' || b[1] == 'X')) {
      base = 16;
      b += 2;
    }
    uint64_t v = 0;
    auto [p, ec] = std::from_chars(b, e, v, base);
    if (ec != std::errc() || p != e) return std::nullopt;
    return neg ? static_cast<uint64_t>(-static_cast<int64_t>(v)) : v;
  }

  // A numeric attribute; nullopt when absent, error diagnostic when not a number.
  std::optional<uint64_t> num(const Record& r, const std::string& key, bool required = false) {
    const Attr* a = r.find(key);
    if (!a) {
      if (required) error(r.line, 0, "'" + r.kind + "' record has no '" + key + "'");
      return std::nullopt;
    }
    auto v = parseNumber(a->value);
    if (!v) error(r.line, a->col, "'" + key + "' is not a number: '" + a->value + "'");
    return v;
  }

  // An id list such as `span=3+7+12`.
  std::optional<std::vector<uint64_t>> list(const Record& r, const std::string& key) {
    const Attr* a = r.find(key);
    if (!a) return std::vector<uint64_t>{};
    std::vector<uint64_t> ids;
    size_t start = 0;
    while (start <= a->value.size()) {
      size_t end = a->value.find('+', start);
      if (end == std::string::npos) end = a->value.size();
      auto v = parseNumber(a->value.substr(start, end - start));
      if (!v) {
        error(r.line, a->col, "'" + key + "' is not a list of ids: '" + a->value + "'");
        return std::nullopt;
      }
      ids.push_back(*v);
      start = end + 1;
    }
    return ids;
  }

  std::string str(const Record& r, const std::string& key) {
    const Attr* a = r.find(key);
    return a ? a->value : std::string();
  }

 private:
  const DbgParseOptions& opts_;
  std::vector<Diagnostic>& diags_;
  int errors_ = 0;
};

using Table = std::map<uint64_t, Record>;

}  // namespace

bool parseDbgFile(const std::string& text, DebugInfo& out, std::vector<Diagnostic>& diags,
                  const DbgParseOptions& opts, std::vector<DbgSegmentInfo>* segmentsOut) {
  Parser p(opts, diags);
  std::unordered_map<std::string, Table> tables;
  bool sawVersion = false;

  size_t pos = 0;
  int lineNo = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    std::string line = text.substr(pos, nl - pos);
    pos = nl + 1;
    ++lineNo;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;

    Record rec;
    if (!p.tokenize(line, lineNo, rec)) continue;
    if (rec.kind == "version") {
      sawVersion = true;
      auto major = p.num(rec, "major", true);
      if (major && *major != 2) {
        p.error(lineNo, 0,
                "unsupported debug file version " + std::to_string(*major) + " (expected 2.x)");
        return false;
      }
      continue;
    }
    if (rec.kind == "info" || rec.kind == "csym" || rec.kind == "lib" || rec.kind == "mod" ||
        rec.kind == "type")
      continue;
    if (rec.kind != "file" && rec.kind != "seg" && rec.kind != "span" && rec.kind != "line" &&
        rec.kind != "scope" && rec.kind != "sym") {
      p.error(lineNo, 1, "unknown record type '" + rec.kind + "'");
      continue;
    }
    auto id = p.num(rec, "id", true);
    if (!id) continue;
    Table& t = tables[rec.kind];
    if (t.count(*id)) {
      p.error(lineNo, 0, "duplicate " + rec.kind + " id " + std::to_string(*id));
      continue;
    }
    t.emplace(*id, std::move(rec));
  }
  if (!sawVersion) p.warning(1, "no 'version' record: not an ld65 debug file?");

  std::set<std::string> skip(opts.skipSegments.begin(), opts.skipSegments.end());

  // Files.
  std::unordered_map<uint64_t, int> fileIndex;
  for (const auto& [id, r] : tables["file"]) {
    fileIndex[id] = static_cast<int>(out.files.size());
    out.files.push_back(p.str(r, "name"));
  }

  // Segments.
  std::unordered_map<uint64_t, DbgSegmentInfo> segs;
  std::unordered_map<uint64_t, int> segBankOf;
  for (const auto& [id, r] : tables["seg"]) {
    auto start = p.num(r, "start", true);
    auto size = p.num(r, "size", true);
    if (!start || !size) continue;
    DbgSegmentInfo s;
    s.name = p.str(r, "name");
    s.start = static_cast<uint32_t>(*start);
    s.size = static_cast<uint32_t>(*size);
    s.type = p.str(r, "type");
    s.addrSize = p.str(r, "addrsize");
    s.outputName = p.str(r, "oname");
    if (auto o = p.num(r, "ooffs")) s.outputOffset = static_cast<int64_t>(*o);
    if (segmentsOut) segmentsOut->push_back(s);
    const auto bank = opts.segmentBanks.find(s.name);
    const int segBank = bank == opts.segmentBanks.end() ? 0 : bank->second;
    if (s.size > 0 && !skip.count(s.name))
      out.segments.push_back({s.name, s.start, s.size, segBank});
    segBankOf[id] = segBank;
    segs.emplace(id, std::move(s));
  }

  // Spans resolve to absolute addresses; a skipped segment's spans resolve to nothing.
  struct Span {
    uint32_t address = 0, size = 0;
    bool cpu = true;
    int bank = 0;
  };
  std::unordered_map<uint64_t, Span> spans;
  for (const auto& [id, r] : tables["span"]) {
    auto seg = p.num(r, "seg", true);
    auto start = p.num(r, "start", true);
    auto size = p.num(r, "size", true);
    if (!seg || !start || !size) continue;
    auto it = segs.find(*seg);
    if (it == segs.end()) {
      p.error(r.line, 0,
              "span " + std::to_string(id) + " names unknown segment " + std::to_string(*seg));
      continue;
    }
    spans[id] = {it->second.start + static_cast<uint32_t>(*start), static_cast<uint32_t>(*size),
                 !skip.count(it->second.name), segBankOf[*seg]};
  }

  // Lines.
  std::vector<DebugLine> lines;
  std::unordered_map<uint64_t, std::pair<int, int>> lineAt;  // line id -> file index, line
  for (const auto& [id, r] : tables["line"]) {
    auto file = p.num(r, "file", true);
    auto line = p.num(r, "line", true);
    auto type = p.num(r, "type");
    auto spanIds = p.list(r, "span");
    if (!file || !line) continue;
    auto fi = fileIndex.find(*file);
    if (fi == fileIndex.end()) {
      p.error(r.line, 0,
              "line " + std::to_string(id) + " names unknown file " + std::to_string(*file));
      continue;
    }
    // A symbol's `def` names its line; RAM labels' lines have no span.
    lineAt[id] = {fi->second, static_cast<int>(*line)};
    if (!spanIds) continue;
    if (type && *type == 2) continue;  // inside a macro body: the invocation covers it
    for (uint64_t s : *spanIds) {
      auto si = spans.find(s);
      if (si == spans.end()) {
        p.error(r.line, 0,
                "line " + std::to_string(id) + " names unknown span " + std::to_string(s));
        continue;
      }
      if (!si->second.cpu) continue;
      lines.push_back({si->second.address, si->second.size, si->second.bank, fi->second,
                       static_cast<int>(*line)});
    }
  }
  // For equal starts the smallest range goes last, so lookups find the most
  // specific line (a .repeat's closing line spans the whole block).
  std::stable_sort(lines.begin(), lines.end(), [](const DebugLine& a, const DebugLine& b) {
    return a.address != b.address ? a.address < b.address : a.size > b.size;
  });
  out.lines.insert(out.lines.end(), lines.begin(), lines.end());

  // Scopes: qualified names, with struct/enum scopes marked so their members are skipped.
  struct ScopeInfo {
    std::string qualified;
    bool members = false;  // struct or enum: member values are offsets
    bool resolved = false;
  };
  std::unordered_map<uint64_t, ScopeInfo> scopes;
  Table& scopeTable = tables["scope"];
  // Resolves iteratively up the parent chain; a cycle or a dangling parent is an error.
  auto resolveScope = [&](uint64_t id, auto& self, int depth) -> const ScopeInfo* {
    auto known = scopes.find(id);
    if (known != scopes.end() && known->second.resolved) return &known->second;
    auto it = scopeTable.find(id);
    if (it == scopeTable.end() || depth > 64) return nullptr;
    const Record& r = it->second;
    ScopeInfo info;
    std::string name = p.str(r, "name");
    std::string type = p.str(r, "type");
    info.members = type == "struct" || type == "enum";
    if (const Attr* parent = r.find("parent")) {
      auto pid = Parser::parseNumber(parent->value);
      const ScopeInfo* ps = pid ? self(*pid, self, depth + 1) : nullptr;
      if (!ps) return nullptr;
      info.members = info.members || ps->members;
      info.qualified = ps->qualified.empty() ? name : ps->qualified + "::" + name;
    } else {
      info.qualified = name;
    }
    info.resolved = true;
    return &(scopes[id] = info);
  };

  // Symbols first (scopes may take their start from a symbol).
  struct SymOut {
    DebugSymbol sym;
    bool label = false;
    uint64_t id = 0;
  };
  std::vector<SymOut> syms;
  std::unordered_map<uint64_t, std::string> symQualified;
  Table& symTable = tables["sym"];
  // Two passes: cheap locals need their parent's qualified name.
  for (int pass = 0; pass < 2; ++pass) {
    for (const auto& [id, r] : symTable) {
      bool cheap = r.find("parent") != nullptr;
      if (cheap != (pass == 1)) continue;
      std::string type = p.str(r, "type");
      if (type == "imp") continue;
      std::string name = p.str(r, "name");
      DebugSymbol s;
      if (cheap) {
        auto pid = p.num(r, "parent");
        if (!pid) continue;
        auto ps = symQualified.find(*pid);
        if (ps == symQualified.end()) {
          p.error(r.line, 0,
                  "symbol '" + name + "' names unknown parent symbol " + std::to_string(*pid));
          continue;
        }
        s.scope = ps->second;
      } else if (const Attr* sc = r.find("scope")) {
        auto sid = Parser::parseNumber(sc->value);
        const ScopeInfo* info = sid ? resolveScope(*sid, resolveScope, 0) : nullptr;
        if (!info) {
          p.error(r.line, sc->col, "symbol '" + name + "' names unknown scope '" + sc->value + "'");
          continue;
        }
        if (info->members) continue;
        s.scope = info->qualified;
      }
      s.name = s.scope.empty() ? name : s.scope + "::" + name;
      symQualified[id] = s.name;
      auto val = p.num(r, "val");
      if (!val) continue;
      s.address = static_cast<uint32_t>(*val);
      if (auto size = p.num(r, "size")) s.size = static_cast<uint32_t>(*size);
      if (auto seg = p.num(r, "seg")) {
        auto si = segs.find(*seg);
        if (si != segs.end() && skip.count(si->second.name)) continue;
        if (si != segs.end())
          s.bank = segBankOf[*seg];
        else
          p.warning(r.line, "symbol '" + name + "' names unknown segment " + std::to_string(*seg) +
                                "; its bank is taken as 0");
      }
      s.isLabel = type == "lab";
      if (auto defs = p.list(r, "def"); defs && !defs->empty()) {
        auto at = lineAt.find(defs->front());
        if (at != lineAt.end()) std::tie(s.defFile, s.defLine) = at->second;
      }
      syms.push_back({std::move(s), type == "lab", id});
    }
  }
  std::stable_sort(syms.begin(), syms.end(), [](const SymOut& a, const SymOut& b) {
    if (a.label != b.label) return a.label;
    return a.sym.address < b.sym.address;
  });
  std::unordered_map<uint64_t, uint32_t> symAddress;
  std::set<std::pair<std::string, uint32_t>> seen;
  for (auto& s : syms) {
    symAddress[s.id] = s.sym.address;
    if (!seen.insert({s.sym.name, s.sym.address}).second) continue;
    out.symbols.push_back(std::move(s.sym));
  }

  for (const auto& [id, r] : scopeTable) {
    const ScopeInfo* info = resolveScope(id, resolveScope, 0);
    if (!info) {
      p.error(r.line, 0, "scope " + std::to_string(id) + " has an unknown or circular parent");
      continue;
    }
    if (info->qualified.empty() || info->members) continue;
    DebugScope sc;
    sc.name = info->qualified;
    if (const Attr* parent = r.find("parent")) {
      auto pid = Parser::parseNumber(parent->value);
      if (pid && scopes.count(*pid)) sc.parent = scopes[*pid].qualified;
    }
    if (auto size = p.num(r, "size")) sc.size = static_cast<uint32_t>(*size);
    bool haveStart = false;
    if (auto sym = p.num(r, "sym")) {
      auto a = symAddress.find(*sym);
      if (a != symAddress.end()) {
        sc.start = a->second;
        haveStart = true;
      }
    }
    auto spanIds = p.list(r, "span");
    if (spanIds) {
      for (uint64_t s : *spanIds) {
        auto si = spans.find(s);
        if (si == spans.end() || !si->second.cpu) continue;
        if (!haveStart || si->second.address < sc.start) sc.start = si->second.address;
        haveStart = true;
      }
    }
    out.scopes.push_back(std::move(sc));
  }

  out.finalize();
  return p.errors() == 0;
}

}  // namespace core
