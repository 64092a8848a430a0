#include "core/asm/ca65/dbgfile.h"

#include <algorithm>
#include <charconv>
#include <deque>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>
#include <unordered_map>

namespace core {
namespace {

// One `key=value` of a line, viewing the line (or, for a quoted value with escapes,
// the line's scratch storage).
struct Attr {
  std::string_view key;
  std::string_view value;
  int col = 0;  // 1-based column of the key, for diagnostics
};

std::optional<uint64_t> parseNumber(std::string_view s) {
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

// An id list (`span=3+7+12`) as stored: a range of Reader::ids_.
struct IdList {
  uint32_t begin = 0, count = 0;
  bool ok = true;  // false: present but malformed (the error is reported)
};

struct FileRec {
  uint64_t id = 0;
  int line = 0;
  std::string name;
};
struct SegRec {
  uint64_t id = 0;
  int line = 0;
  bool ok = false;  // start and size present and numbers
  DbgSegmentInfo info;
};
struct SpanRec {
  uint64_t id = 0;
  int line = 0;
  bool ok = false;
  uint64_t seg = 0, start = 0, size = 0;
};
struct LineRec {
  uint64_t id = 0;
  int line = 0;
  bool ok = false;  // file and line present and numbers
  uint64_t file = 0, lineNo = 0;
  bool macro = false;  // type=2: inside a macro body
  IdList spans;
};
struct ScopeRec {
  uint64_t id = 0;
  int line = 0;
  std::string name, type;
  bool hasParent = false;
  std::optional<uint64_t> parent, sym, size;
  IdList spans;
};
struct SymRec {
  uint64_t id = 0;
  int line = 0;
  std::string name, type;
  bool cheap = false;  // has `parent`: a cheap local (@name)
  std::optional<uint64_t> parent;
  bool hasScope = false;
  std::optional<uint64_t> scope;
  std::string scopeText;
  int scopeCol = 0;
  std::optional<uint64_t> val, size, seg, def;
};

// Records of one kind, sorted by id once read; the first of a duplicated id is kept.
template <typename R>
struct Table {
  std::vector<R> rows;
  bool dense = false;  // rows[i].id == i: looked up by index

  const R* find(uint64_t id) const {
    if (dense) return id < rows.size() ? &rows[id] : nullptr;
    auto it = std::lower_bound(rows.begin(), rows.end(), id,
                               [](const R& r, uint64_t v) { return r.id < v; });
    return it != rows.end() && it->id == id ? &*it : nullptr;
  }
};

class Reader {
 public:
  Reader(const DbgParseOptions& opts, std::vector<Diagnostic>& diags)
      : fileName_(opts.fileName), diags_(diags) {}

  // One line of the file, without its newline. False: stop reading (a version this
  // reader does not know).
  bool line(std::string_view text);
  bool sawVersion() const { return sawVersion_; }
  // Sorts each kind by id and reports duplicated ids; then the segments are final.
  void seal();
  std::vector<DbgSegmentInfo> segmentInfos() const;
  bool resolve(DebugInfo& out, const DbgParseOptions& opts, std::vector<DbgSegmentInfo>* segs);
  void warning(int line, const std::string& msg) {
    diags_.push_back({Diagnostic::Severity::Warning, {fileName_, line, 0}, msg});
  }

 private:
  void error(int line, int col, const std::string& msg) {
    diags_.push_back({Diagnostic::Severity::Error, {fileName_, line, col}, msg});
    ++errors_;
  }
  bool tokenize(std::string_view text);
  const Attr* find(std::string_view key) const {
    for (const Attr& a : attrs_)
      if (a.key == key) return &a;
    return nullptr;
  }
  // A numeric attribute of the current line; nullopt when absent (an error when
  // `required`) or not a number (an error).
  std::optional<uint64_t> num(std::string_view key, bool required = false) {
    const Attr* a = find(key);
    if (!a) {
      if (required)
        error(lineNo_, 0, "'" + std::string(kind_) + "' record has no '" + std::string(key) + "'");
      return std::nullopt;
    }
    auto v = parseNumber(a->value);
    if (!v)
      error(lineNo_, a->col,
            "'" + std::string(key) + "' is not a number: '" + std::string(a->value) + "'");
    return v;
  }
  std::string str(std::string_view key) const {
    const Attr* a = find(key);
    return a ? std::string(a->value) : std::string();
  }
  IdList list(std::string_view key) {
    IdList l;
    l.begin = uint32_t(ids_.size());
    const Attr* a = find(key);
    if (!a) return l;
    std::string_view v = a->value;
    size_t start = 0;
    while (start <= v.size()) {
      size_t end = v.find('+', start);
      if (end == std::string_view::npos) end = v.size();
      auto id = parseNumber(v.substr(start, end - start));
      if (!id) {
        error(lineNo_, a->col,
              "'" + std::string(key) + "' is not a list of ids: '" + std::string(v) + "'");
        ids_.resize(l.begin);
        return {l.begin, 0, false};
      }
      ids_.push_back(*id);
      start = end + 1;
    }
    l.count = uint32_t(ids_.size() - l.begin);
    return l;
  }
  template <typename R>
  void seal(Table<R>& t, const char* kind);

  std::string fileName_;
  std::vector<Diagnostic>& diags_;
  int errors_ = 0;
  int lineNo_ = 0;
  bool sawVersion_ = false;
  std::string_view kind_;
  std::vector<Attr> attrs_;
  std::deque<std::string> unescaped_;  // this line's quoted values that held escapes

  std::vector<uint64_t> ids_;
  Table<FileRec> files_;
  Table<SegRec> segs_;
  Table<SpanRec> spans_;
  Table<LineRec> lines_;
  Table<ScopeRec> scopes_;
  Table<SymRec> syms_;

 public:
  int errors() const { return errors_; }
};

bool Reader::tokenize(std::string_view text) {
  attrs_.clear();
  unescaped_.clear();
  size_t i = 0;
  while (i < text.size() && text[i] != '\t' && text[i] != ' ') ++i;
  kind_ = text.substr(0, i);
  while (i < text.size() && (text[i] == '\t' || text[i] == ' ')) ++i;
  while (i < text.size()) {
    Attr a;
    a.col = static_cast<int>(i) + 1;
    size_t eq = i;
    while (eq < text.size() && text[eq] != '=' && text[eq] != ',') ++eq;
    if (eq >= text.size() || text[eq] != '=') {
      error(lineNo_, a.col, "expected key=value in '" + std::string(kind_) + "' record");
      return false;
    }
    a.key = text.substr(i, eq - i);
    if (a.key.empty()) {
      error(lineNo_, a.col, "empty attribute name in '" + std::string(kind_) + "' record");
      return false;
    }
    i = eq + 1;
    if (i < text.size() && text[i] == '"') {
      const size_t open = ++i;
      bool closed = false, escaped = false;
      while (i < text.size()) {
        const char c = text[i++];
        if (c == '"') {
          closed = true;
          break;
        }
        if (c == '\\' && i < text.size()) {
          escaped = true;
          ++i;
        }
      }
      if (!closed) {
        error(lineNo_, a.col, "unterminated string in attribute '" + std::string(a.key) + "'");
        return false;
      }
      const std::string_view raw = text.substr(open, i - 1 - open);
      if (!escaped) {
        a.value = raw;
      } else {
        std::string& v = unescaped_.emplace_back();
        for (size_t k = 0; k < raw.size(); ++k) v += raw[k] == '\\' ? raw[++k] : raw[k];
        a.value = v;
      }
    } else {
      size_t end = text.find(',', i);
      if (end == std::string_view::npos) end = text.size();
      a.value = text.substr(i, end - i);
      i = end;
    }
    attrs_.push_back(a);
    if (i < text.size()) {
      if (text[i] != ',') {
        error(lineNo_, static_cast<int>(i) + 1, "expected ',' between attributes");
        return false;
      }
      ++i;
    }
  }
  return true;
}

bool Reader::line(std::string_view text) {
  ++lineNo_;
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  if (text.find_first_not_of(" \t") == std::string_view::npos) return true;
  if (!tokenize(text)) return true;
  if (kind_ == "version") {
    sawVersion_ = true;
    auto major = num("major", true);
    if (major && *major != 2) {
      error(lineNo_, 0,
            "unsupported debug file version " + std::to_string(*major) + " (expected 2.x)");
      return false;
    }
    return true;
  }
  if (kind_ == "info" || kind_ == "csym" || kind_ == "lib" || kind_ == "mod" || kind_ == "type")
    return true;
  const bool known = kind_ == "file" || kind_ == "seg" || kind_ == "span" || kind_ == "line" ||
                     kind_ == "scope" || kind_ == "sym";
  if (!known) {
    error(lineNo_, 1, "unknown record type '" + std::string(kind_) + "'");
    return true;
  }
  auto id = num("id", true);
  if (!id) return true;
  const int at = lineNo_;
  if (kind_ == "file") {
    files_.rows.push_back({*id, at, str("name")});
  } else if (kind_ == "seg") {
    SegRec r{*id, at, false, {}};
    auto start = num("start", true);
    auto size = num("size", true);
    r.info.name = str("name");
    r.info.type = str("type");
    r.info.addrSize = str("addrsize");
    r.info.outputName = str("oname");
    if (auto o = num("ooffs")) r.info.outputOffset = static_cast<int64_t>(*o);
    if (start && size) {
      r.ok = true;
      r.info.start = static_cast<uint32_t>(*start);
      r.info.size = static_cast<uint32_t>(*size);
    }
    segs_.rows.push_back(std::move(r));
  } else if (kind_ == "span") {
    SpanRec r{*id, at, false, 0, 0, 0};
    auto seg = num("seg", true);
    auto start = num("start", true);
    auto size = num("size", true);
    if (seg && start && size) r = {*id, at, true, *seg, *start, *size};
    spans_.rows.push_back(r);
  } else if (kind_ == "line") {
    LineRec r;
    r.id = *id;
    r.line = at;
    auto file = num("file", true);
    auto lineNo = num("line", true);
    auto type = num("type");
    r.spans = list("span");
    if (file && lineNo) {
      r.ok = true;
      r.file = *file;
      r.lineNo = *lineNo;
    }
    r.macro = type && *type == 2;
    lines_.rows.push_back(r);
  } else if (kind_ == "scope") {
    ScopeRec r;
    r.id = *id;
    r.line = at;
    r.name = str("name");
    r.type = str("type");
    if (const Attr* parent = find("parent")) {
      r.hasParent = true;
      r.parent = parseNumber(parent->value);
    }
    r.size = num("size");
    r.sym = num("sym");
    r.spans = list("span");
    scopes_.rows.push_back(std::move(r));
  } else {  // sym
    SymRec r;
    r.id = *id;
    r.line = at;
    r.type = str("type");
    if (r.type == "imp") return true;  // listed again where it is defined
    r.name = str("name");
    r.cheap = find("parent") != nullptr;
    if (r.cheap) r.parent = num("parent");
    if (const Attr* sc = find("scope")) {
      r.hasScope = true;
      r.scope = parseNumber(sc->value);
      r.scopeText = std::string(sc->value);
      r.scopeCol = sc->col;
    }
    r.val = num("val");
    r.size = num("size");
    r.seg = num("seg");
    const IdList defs = list("def");
    if (defs.ok && defs.count) r.def = ids_[defs.begin];
    ids_.resize(defs.begin);  // only the first is kept
    syms_.rows.push_back(std::move(r));
  }
  return true;
}

template <typename R>
void Reader::seal(Table<R>& t, const char* kind) {
  auto byId = [](const R& a, const R& b) { return a.id < b.id; };
  if (!std::is_sorted(t.rows.begin(), t.rows.end(), byId))
    std::stable_sort(t.rows.begin(), t.rows.end(), byId);
  // The first of each id stays (in file order); the later ones are errors.
  size_t kept = 0;
  for (size_t i = 0; i < t.rows.size(); ++i) {
    if (kept > 0 && t.rows[kept - 1].id == t.rows[i].id) {
      error(t.rows[i].line, 0,
            std::string("duplicate ") + kind + " id " + std::to_string(t.rows[i].id));
      continue;
    }
    if (kept != i) t.rows[kept] = std::move(t.rows[i]);
    ++kept;
  }
  t.rows.resize(kept);
  t.dense = t.rows.empty() || t.rows.back().id == t.rows.size() - 1;
}

void Reader::seal() {
  seal(files_, "file");
  seal(segs_, "seg");
  seal(spans_, "span");
  seal(lines_, "line");
  seal(scopes_, "scope");
  seal(syms_, "sym");
}

std::vector<DbgSegmentInfo> Reader::segmentInfos() const {
  std::vector<DbgSegmentInfo> out;
  for (const SegRec& s : segs_.rows)
    if (s.ok) out.push_back(s.info);
  return out;
}

bool Reader::resolve(DebugInfo& out, const DbgParseOptions& opts,
                     std::vector<DbgSegmentInfo>* segmentsOut) {
  const std::set<std::string> skip(opts.skipSegments.begin(), opts.skipSegments.end());

  // Files.
  const int fileBase = static_cast<int>(out.files.size());
  for (const FileRec& f : files_.rows) out.files.push_back(f.name);
  auto fileIndex = [&](uint64_t id) -> int {
    const FileRec* f = files_.find(id);
    return f ? fileBase + static_cast<int>(f - files_.rows.data()) : -1;
  };

  // Segments: each one's bank, and whether it is in the CPU's address space.
  struct Seg {
    const SegRec* rec;
    int bank;
    bool cpu;
  };
  std::unordered_map<uint64_t, Seg> segs;
  for (const SegRec& r : segs_.rows) {
    if (!r.ok) continue;
    const DbgSegmentInfo& s = r.info;
    if (segmentsOut) segmentsOut->push_back(s);
    const auto bank = opts.segmentBanks.find(s.name);
    const int segBank = bank == opts.segmentBanks.end() ? 0 : bank->second;
    const bool cpu = !skip.count(s.name);
    if (s.size > 0 && cpu) out.segments.push_back({s.name, s.start, s.size, segBank});
    segs.emplace(r.id, Seg{&r, segBank, cpu});
  }

  // Spans resolve to absolute addresses; a skipped segment's spans resolve to nothing.
  struct Span {
    uint32_t address = 0, size = 0;
    bool cpu = true;
    int bank = 0;
  };
  std::vector<Span> spanOf(spans_.rows.size());
  std::vector<bool> spanOk(spans_.rows.size(), false);
  for (size_t i = 0; i < spans_.rows.size(); ++i) {
    const SpanRec& r = spans_.rows[i];
    if (!r.ok) continue;
    auto it = segs.find(r.seg);
    if (it == segs.end()) {
      error(r.line, 0,
            "span " + std::to_string(r.id) + " names unknown segment " + std::to_string(r.seg));
      continue;
    }
    spanOf[i] = {it->second.rec->info.start + static_cast<uint32_t>(r.start),
                 static_cast<uint32_t>(r.size), it->second.cpu, it->second.bank};
    spanOk[i] = true;
  }
  auto span = [&](uint64_t id) -> const Span* {
    const SpanRec* r = spans_.find(id);
    if (!r) return nullptr;
    const size_t i = size_t(r - spans_.rows.data());
    return spanOk[i] ? &spanOf[i] : nullptr;
  };

  // Lines.
  std::vector<DebugLine> lines;
  lines.reserve(lines_.rows.size());
  std::vector<std::pair<int, int>> lineAt(lines_.rows.size(), {-1, 0});  // file index, line
  for (size_t i = 0; i < lines_.rows.size(); ++i) {
    const LineRec& r = lines_.rows[i];
    if (!r.ok) continue;
    const int fi = fileIndex(r.file);
    if (fi < 0) {
      error(r.line, 0,
            "line " + std::to_string(r.id) + " names unknown file " + std::to_string(r.file));
      continue;
    }
    // A symbol's `def` names its line; RAM labels' lines have no span.
    lineAt[i] = {fi, static_cast<int>(r.lineNo)};
    if (!r.spans.ok || r.macro) continue;  // a macro body: the invocation covers it
    for (uint32_t k = 0; k < r.spans.count; ++k) {
      const uint64_t s = ids_[r.spans.begin + k];
      const Span* sp = span(s);
      if (!sp) {
        error(r.line, 0,
              "line " + std::to_string(r.id) + " names unknown span " + std::to_string(s));
        continue;
      }
      if (!sp->cpu) continue;
      lines.push_back({sp->address, sp->size, sp->bank, fi, static_cast<int>(r.lineNo)});
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
  // Resolves up the parent chain; a cycle or a dangling parent is an error.
  auto resolveScope = [&](uint64_t id, auto& self, int depth) -> const ScopeInfo* {
    auto known = scopes.find(id);
    if (known != scopes.end() && known->second.resolved) return &known->second;
    const ScopeRec* r = scopes_.find(id);
    if (!r || depth > 64) return nullptr;
    ScopeInfo info;
    info.members = r->type == "struct" || r->type == "enum";
    if (r->hasParent) {
      const ScopeInfo* ps = r->parent ? self(*r->parent, self, depth + 1) : nullptr;
      if (!ps) return nullptr;
      info.members = info.members || ps->members;
      info.qualified = ps->qualified.empty() ? r->name : ps->qualified + "::" + r->name;
    } else {
      info.qualified = r->name;
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
  // Two passes: cheap locals need their parent's qualified name.
  for (int pass = 0; pass < 2; ++pass) {
    for (const SymRec& r : syms_.rows) {
      if (r.cheap != (pass == 1)) continue;
      DebugSymbol s;
      if (r.cheap) {
        if (!r.parent) continue;
        auto ps = symQualified.find(*r.parent);
        if (ps == symQualified.end()) {
          error(r.line, 0,
                "symbol '" + r.name + "' names unknown parent symbol " + std::to_string(*r.parent));
          continue;
        }
        s.scope = ps->second;
      } else if (r.hasScope) {
        const ScopeInfo* info = r.scope ? resolveScope(*r.scope, resolveScope, 0) : nullptr;
        if (!info) {
          error(r.line, r.scopeCol,
                "symbol '" + r.name + "' names unknown scope '" + r.scopeText + "'");
          continue;
        }
        if (info->members) continue;
        s.scope = info->qualified;
      }
      s.name = s.scope.empty() ? r.name : s.scope + "::" + r.name;
      symQualified[r.id] = s.name;
      if (!r.val) continue;
      s.address = static_cast<uint32_t>(*r.val);
      if (r.size) s.size = static_cast<uint32_t>(*r.size);
      if (r.seg) {
        auto si = segs.find(*r.seg);
        if (si != segs.end() && !si->second.cpu) continue;
        if (si != segs.end())
          s.bank = si->second.bank;
        else
          warning(r.line, "symbol '" + r.name + "' names unknown segment " +
                              std::to_string(*r.seg) + "; its bank is taken as 0");
      }
      s.isLabel = r.type == "lab";
      if (r.def) {
        const LineRec* l = lines_.find(*r.def);
        if (l) {
          const auto& where = lineAt[size_t(l - lines_.rows.data())];
          if (where.first >= 0) std::tie(s.defFile, s.defLine) = where;
        }
      }
      syms.push_back({std::move(s), r.type == "lab", r.id});
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

  for (const ScopeRec& r : scopes_.rows) {
    const ScopeInfo* info = resolveScope(r.id, resolveScope, 0);
    if (!info) {
      error(r.line, 0, "scope " + std::to_string(r.id) + " has an unknown or circular parent");
      continue;
    }
    if (info->qualified.empty() || info->members) continue;
    DebugScope sc;
    sc.name = info->qualified;
    if (r.hasParent && r.parent && scopes.count(*r.parent)) sc.parent = scopes[*r.parent].qualified;
    if (r.size) sc.size = static_cast<uint32_t>(*r.size);
    bool haveStart = false;
    if (r.sym) {
      auto a = symAddress.find(*r.sym);
      if (a != symAddress.end()) {
        sc.start = a->second;
        haveStart = true;
      }
    }
    if (r.spans.ok) {
      for (uint32_t k = 0; k < r.spans.count; ++k) {
        const Span* sp = span(ids_[r.spans.begin + k]);
        if (!sp || !sp->cpu) continue;
        if (!haveStart || sp->address < sc.start) sc.start = sp->address;
        haveStart = true;
      }
    }
    out.scopes.push_back(std::move(sc));
  }

  out.finalize();
  return errors_ == 0;
}

// Reads every line from `next` (which returns false at the end), then plans and resolves.
template <typename NextLine>
bool parseLines(NextLine&& next, DebugInfo& out, std::vector<Diagnostic>& diags,
                DbgParseOptions opts, const DbgPlan& plan, std::vector<DbgSegmentInfo>* segments) {
  Reader r(opts, diags);
  std::string_view line;
  while (next(line))
    if (!r.line(line)) return false;
  if (!r.sawVersion()) r.warning(1, "no 'version' record: not an ld65 debug file?");
  r.seal();
  if (plan) plan(r.segmentInfos(), opts);
  return r.resolve(out, opts, segments);
}

}  // namespace

bool parseDbgFile(const std::string& text, DebugInfo& out, std::vector<Diagnostic>& diags,
                  const DbgParseOptions& opts, std::vector<DbgSegmentInfo>* segmentsOut) {
  size_t pos = 0;
  auto next = [&](std::string_view& line) {
    if (pos >= text.size()) return false;
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    line = std::string_view(text).substr(pos, nl - pos);
    pos = nl + 1;
    return true;
  };
  return parseLines(next, out, diags, opts, {}, segmentsOut);
}

bool parseDbgStream(std::istream& in, DebugInfo& out, std::vector<Diagnostic>& diags,
                    DbgParseOptions opts, const DbgPlan& plan,
                    std::vector<DbgSegmentInfo>* segmentsOut) {
  std::string buffer;
  auto next = [&](std::string_view& line) {
    if (!std::getline(in, buffer)) return false;
    line = buffer;
    return true;
  };
  return parseLines(next, out, diags, std::move(opts), plan, segmentsOut);
}

}  // namespace core
