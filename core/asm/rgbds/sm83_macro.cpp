#include "core/asm/rgbds/sm83_macro.h"

#include "core/asm/rgbds/sm83_keywords.h"
#include "core/util/files.h"

namespace core::sm83 {

namespace {

constexpr const char* kSubstituted = "its macro arguments are substituted";
constexpr const char* kInterpolated = "{symbols} are interpolated";

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

}  // namespace

bool Macros::canDefine(const std::string& name, int col) {
  if (keyword(name) != Kw::None) {
    rep_.error(col, "'" + name + "' is a keyword and cannot name a macro");
    return false;
  }
  if (const Macro* m = find(name)) {
    SourceLoc l = prog_.loc(m->pos);
    rep_.error(
        col, "macro '" + name + "' is already defined at " + l.file + ":" + std::to_string(l.line));
    return false;
  }
  return true;
}

std::shared_ptr<MacroArgs> Macros::splitArgs(std::string_view argText) {
  auto args = std::make_shared<MacroArgs>();
  std::string cur;
  int paren = 0;
  bool inStr = false;
  for (size_t i = 0; i < argText.size(); ++i) {
    char c = argText[i];
    if (inStr) {
      cur += c;
      if (c == '\\' && i + 1 < argText.size())
        cur += argText[++i];
      else if (c == '"')
        inStr = false;
      continue;
    }
    if (c == '"') {
      inStr = true;
    } else if (c == '\\' && i + 1 < argText.size() && argText[i + 1] == ',') {
      cur += ',';
      ++i;
      continue;
    } else if (c == ';') {
      break;
    } else if (c == '(') {
      ++paren;
    } else if (c == ')') {
      --paren;
    } else if (c == ',' && paren <= 0) {
      args->args.emplace_back(trim(cur));
      cur.clear();
      continue;
    }
    cur += c;
  }
  // rgbasm drops an empty last argument: `mac a, \#` with nothing left to shift
  // passes one argument, not two.
  if (!trim(cur).empty()) args->args.emplace_back(trim(cur));
  return args;
}

// ---------------------------------------------------------------- macro arguments

bool Macros::substitute(std::string_view in, std::string& out, const MacroArgs* args,
                        const std::function<int64_t()>& uniqueId) {
  out.clear();
  out.reserve(in.size() + 16);
  bool ok = true;
  bool inStr = false, inChar = false;
  auto argAt = [&](size_t n, int col) {
    if (!args) {
      rep_.error(col, "macro argument \\" + std::to_string(n) + " used outside of a macro");
      ok = false;
      return;
    }
    size_t i = n - 1 + args->shift;
    if (n == 0 || i >= args->args.size()) {
      rep_.error(col, "macro argument \\" + std::to_string(n) + " not given");
      ok = false;
      return;
    }
    if (!inStr) {
      out += args->args[i];
      return;
    }
    // Inside a string literal rgbasm inserts the argument's characters as they
    // are: `"entry: \1"` with \1 = `"A"` holds the quotes.
    for (char ch : args->args[i]) {
      if (ch == '"' || ch == '\\') out += '\\';
      out += ch;
    }
  };
  for (size_t i = 0; i < in.size(); ++i) {
    if (out.size() > kMaxLineBytes) return lineTooLong(static_cast<int>(i) + 1, kSubstituted);
    char c = in[i];
    if (c == '"' && !inChar) inStr = !inStr;
    if (c == '\'' && !inStr) inChar = !inChar;  // `cp ';'` is no comment
    // rgbasm never expands inside a comment: `; \1 = count` is documentation.
    if (c == ';' && !inStr && !inChar) {
      out.append(in.substr(i));
      break;
    }
    if (c != '\\' || i + 1 >= in.size()) {
      out += c;
      continue;
    }
    char n = in[i + 1];
    int col = static_cast<int>(i) + 1;
    if (n >= '1' && n <= '9') {
      argAt(static_cast<size_t>(n - '0'), col);
      ++i;
    } else if (n == '@') {
      const int64_t unique = uniqueId();
      if (unique < 0) {
        rep_.error(col, "\\@ used outside of a macro or REPT");
        ok = false;
      } else {
        out += "_u" + std::to_string(unique);
      }
      ++i;
    } else if (n == '#') {
      if (args)
        for (size_t a = args->shift; a < args->args.size(); ++a) {
          if (a > args->shift) out += ", ";
          out += args->args[a];
        }
      ++i;
    } else if (n == '<') {
      size_t close = in.find('>', i + 2);
      if (close == std::string_view::npos) {
        out += c;
        continue;
      }
      std::string_view num = in.substr(i + 2, close - i - 2);
      size_t v = 0;
      bool digits = !num.empty() && num.size() < 6;
      for (char d : num) digits = digits && d >= '0' && d <= '9', v = v * 10 + (d - '0');
      if (digits) {
        argAt(v, col);
      } else {
        // \<NAME>: the argument whose number a numeric symbol holds.
        int idx = syms_.find(num);
        if (idx >= 0 &&
            (syms_.at(idx).kind == SymKind::Equ || syms_.at(idx).kind == SymKind::Var) &&
            syms_.at(idx).value > 0) {
          argAt(static_cast<size_t>(syms_.at(idx).value), col);
        } else {
          rep_.error(col, "bad macro argument \\<" + std::string(num) + ">");
          ok = false;
        }
      }
      i = close;
    } else {
      out += c;
      out += n;
      ++i;
    }
  }
  if (out.size() > kMaxLineBytes) return lineTooLong(static_cast<int>(in.size()), kSubstituted);
  return ok;
}

// ---------------------------------------------------------------- interpolation

bool Macros::interpolate(std::string_view in, std::string& out, const MacroArgs* args) {
  out.clear();
  bool inStr = false;
  for (size_t i = 0; i < in.size(); ++i) {
    if (out.size() > kMaxLineBytes) return lineTooLong(static_cast<int>(i) + 1, kInterpolated);
    char c = in[i];
    if (c == '\\' && i + 1 < in.size()) {
      out += c;
      out += in[++i];
      continue;
    }
    if (c == '"') inStr = !inStr;
    if (c == ';' && !inStr) {
      out.append(in.substr(i));
      break;
    }
    if (c != '{') {
      out += c;
      continue;
    }
    if (!inStr) {
      if (!interpolation(in, i, out, 0, args)) return false;
      continue;
    }
    // Inside a string literal the value's characters are taken as they are.
    std::string value;
    if (!interpolation(in, i, value, 0, args)) return false;
    for (char ch : value) {
      if (ch == '"' || ch == '\\') out += '\\';
      out += ch;
    }
  }
  if (out.size() > kMaxLineBytes) return lineTooLong(static_cast<int>(in.size()), kInterpolated);
  return true;
}

bool Macros::interpolation(std::string_view in, size_t& i, std::string& out, int depth,
                           const MacroArgs* args) {
  const int col = static_cast<int>(i) + 1;
  if (depth > 64) {
    rep_.error(col, "{interpolation} nested too deeply");
    return false;
  }
  std::string text;  // the braces' contents, inner interpolations done (`{{name}}`)
  size_t j = i + 1;
  for (; j < in.size() && in[j] != '}'; ++j) {
    if (in[j] == '{') {
      if (!interpolation(in, j, text, depth + 1, args)) return false;
      continue;
    }
    text += in[j];
  }
  if (j >= in.size()) {
    rep_.error(col, "missing '}' after '{'");
    return false;
  }
  i = j;
  std::string_view inner = trim(text);
  std::string_view spec;
  if (size_t colon = inner.find(':'); colon != std::string_view::npos) {
    spec = trim(inner.substr(0, colon));
    inner = trim(inner.substr(colon + 1));
  }
  std::string full, err;
  auto said = [&](bool ok) {
    if (!ok) rep_.error(col, err);
    return ok;
  };
  if (inner == "." || inner == ".." || inner == "__SCOPE__" || inner == "__FILE__") {
    std::string v = *syms_.equs(inner);
    if (inner == "__FILE__") v = v.substr(1, v.size() - 2);
    return said(formatString(spec, v, out, err));
  }
  if (inner == "_NARG") {
    if (!args) {
      rep_.error(col, "_NARG used outside of a macro");
      return false;
    }
    return said(formatNumber(spec, static_cast<int32_t>(args->count()), out, err));
  }
  if (inner == "_RS" || inner == "__LINE__")
    return said(formatNumber(spec, inner == "_RS" ? syms_.rs() : rep_.pos.line, out, err));
  int idx = syms_.fullName(inner, full, err) ? syms_.find(full) : -1;
  if (idx >= 0 && syms_.at(idx).kind == SymKind::Label) {
    // rgbasm interpolates a label's constant address; one in a floating section has
    // none yet, so its name stands in and `{{__SCOPE__}} - @` still folds.
    const Symbol& l = syms_.at(idx);
    const Section& sec = prog_.sections[static_cast<size_t>(l.section)];
    if (sec.fixedAddress < 0) {
      out += full;
      return true;
    }
    return said(formatNumber(spec, sec.fixedAddress + l.value, out, err));
  }
  if (idx < 0 || syms_.at(idx).kind == SymKind::Undefined) {
    rep_.error(col, "interpolated symbol '" + std::string(inner) +
                        "' is not a defined constant or string");
    return false;
  }
  const Symbol& s = syms_.at(idx);
  return said(s.kind == SymKind::Equs ? formatString(spec, s.text, out, err)
                                      : formatNumber(spec, s.value, out, err));
}

// ---------------------------------------------------------------- budgets

bool Macros::lineTooLong(int col, const char* how) {
  rep_.error(col, "line grows past " + std::to_string(kMaxLineBytes) + " bytes when " + how +
                      ": the per-line expansion budget is spent");
  return false;
}

bool Macros::spendExpansion(uint64_t bytes, int col) {
  expandedBytes_ += bytes;
  if (expandedBytes_ <= maxExpandedBytes_) return true;
  if (!rep_.fatal())
    rep_.error(col, "assembly stopped after expanding " + std::to_string(expandedBytes_) +
                        " bytes of text: the expansion budget (" + byteSize(maxExpandedBytes_) +
                        ") is spent");
  rep_.stop();
  return false;
}

}  // namespace core::sm83
