#include "core/asm/ca65/ca65_messages.h"

#include <cctype>
#include <map>
#include <regex>
#include <sstream>

#include "core/util/files.h"

namespace core {
namespace {

bool severityOf(const std::string& word, Diagnostic::Severity& sev) {
  if (word == "Error" || word == "Fatal" || word == "Fatal error" || word == "Internal error") {
    sev = Diagnostic::Severity::Error;
  } else if (word == "Warning") {
    sev = Diagnostic::Severity::Warning;
  } else if (word == "Note" || word == "Info") {
    sev = Diagnostic::Severity::Note;
  } else {
    return false;
  }
  return true;
}

// "file(12): rest" or "file:12: rest" or "file:12:3: rest".
bool splitLocation(const std::string& s, SourceLoc& loc, std::string& rest) {
  static const std::regex paren(R"(^(.+?)\((\d+)\): (.*)$)");
  static const std::regex colon(R"(^(.+?):(\d+)(?::(\d+))?: (.*)$)");
  std::smatch m;
  if (std::regex_match(s, m, paren)) {
    loc.file = m[1];
    loc.line = std::stoi(m[2]);
    rest = m[3];
    return true;
  }
  if (std::regex_match(s, m, colon)) {
    loc.file = m[1];
    loc.line = std::stoi(m[2]);
    if (m[3].matched) loc.col = std::stoi(m[3]);
    rest = m[4];
    return true;
  }
  return false;
}

bool isWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '@' || c == '.';
}

// `word` in `line` not inside a longer identifier ("X" must not match "MAXVAL").
size_t findWord(const std::string& line, const std::string& word) {
  for (size_t pos = line.find(word); pos != std::string::npos; pos = line.find(word, pos + 1)) {
    bool before = pos > 0 && isWordChar(line[pos - 1]) && isWordChar(word.front());
    size_t end = pos + word.size();
    bool after = end < line.size() && isWordChar(line[end]) && isWordChar(word.back());
    if (!before && !after) return pos;
  }
  return std::string::npos;
}

constexpr const char* kConfigPrefix = "linker config: ";

// `line` up to its comment (a ';' outside a string).
std::string codeOf(const std::string& line) {
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '"') quoted = !quoted;
    if (line[i] == ';' && !quoted) return line.substr(0, i);
  }
  return line;
}

bool equalsNoCase(const std::string& a, size_t at, const std::string& word) {
  if (at + word.size() > a.size()) return false;
  for (size_t i = 0; i < word.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[at + i])) != word[i]) return false;
  return true;
}

// The column (0-based) where `code` selects segment `name`: the quoted name of a
// `.segment "NAME"`, or a `.code`-style directive for the five standard ones.
size_t segmentColumn(const std::string& code, const std::string& name) {
  static const std::map<std::string, std::string> shorthand = {{"CODE", ".code"},
                                                               {"RODATA", ".rodata"},
                                                               {"BSS", ".bss"},
                                                               {"DATA", ".data"},
                                                               {"ZEROPAGE", ".zeropage"}};
  for (size_t pos = code.find('.'); pos != std::string::npos; pos = code.find('.', pos + 1)) {
    if (equalsNoCase(code, pos, ".segment")) {
      const size_t q = code.find_first_not_of(" \t", pos + 8);
      if (q != std::string::npos && code.compare(q, name.size() + 2, '"' + name + '"') == 0)
        return q;
    }
    auto it = shorthand.find(name);
    if (it != shorthand.end() && equalsNoCase(code, pos, it->second)) {
      const size_t end = pos + it->second.size();
      if (end == code.size() || !isWordChar(code[end])) return pos;
    }
  }
  return std::string::npos;
}

// Where the sources first select segment `name` (segment) or use `name`.
std::optional<SourceLoc> findInSources(
    const std::vector<std::string>& files,
    const std::function<std::optional<std::string>(const std::string&)>& read,
    const std::string& name, bool segment) {
  for (const std::string& file : files) {
    std::optional<std::string> text = read ? read(file) : std::nullopt;
    if (!text) text = readTextFile(file);  // never a device or FIFO
    if (!text) continue;
    std::istringstream in(*text);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      const std::string code = codeOf(line);
      const size_t col = segment ? segmentColumn(code, name) : findWord(code, name);
      if (col != std::string::npos) return SourceLoc{file, n, int(col) + 1};
    }
  }
  return std::nullopt;
}

}  // namespace

std::vector<Diagnostic> parseCc65Messages(const std::string& text,
                                          const std::string& generatedConfig) {
  static const std::regex toolLine(R"(^(?:ca65|ld65|cl65|ar65): ([A-Za-z ]+): (.*)$)");
  static const std::regex sevLine(R"(^([A-Za-z ]+): (.*)$)");
  static const std::regex unresolved(R"(^Unresolved external '(.*)' referenced in:\s*$)");
  static const std::regex reference(R"(^\s+(.+?)\((\d+)\)\s*$)");
  static const std::regex referenceColon(R"(^\s+(.+?):(\d+)\s*$)");

  std::vector<Diagnostic> out;
  std::istringstream in(text);
  std::string line;
  std::string pendingExternal;  // inside an "Unresolved external" list
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (line.empty()) continue;
    std::smatch m;

    if (!pendingExternal.empty()) {
      if (std::regex_match(line, m, reference) || std::regex_match(line, m, referenceColon)) {
        out.push_back({Diagnostic::Severity::Error,
                       {m[1], std::stoi(m[2]), 0},
                       "unresolved external '" + pendingExternal + "'"});
        continue;
      }
      pendingExternal.clear();
    }
    if (std::regex_match(line, m, unresolved)) {
      pendingExternal = m[1];
      if (pendingExternal.empty()) pendingExternal = "?";
      continue;
    }

    Diagnostic d;
    std::string body = line;
    Diagnostic::Severity sev{};
    bool haveSev = false;
    if (std::regex_match(line, m, toolLine) && severityOf(m[1], sev)) {
      // ld65: Error: [location: ]message
      haveSev = true;
      body = m[2];
      SourceLoc loc;
      std::string rest;
      if (splitLocation(body, loc, rest)) {
        d.loc = loc;
        body = rest;
      }
    } else {
      SourceLoc loc;
      std::string rest;
      if (splitLocation(line, loc, rest) && std::regex_match(rest, m, sevLine) &&
          severityOf(m[1], sev)) {
        haveSev = true;
        d.loc = loc;
        body = m[2];
      } else if (std::regex_match(line, m, sevLine) && severityOf(m[1], sev)) {
        haveSev = true;  // "Fatal error: Cannot open input file 'x.s'": no location
        body = m[2];
      }
    }
    if (!haveSev) {
      // Unrecognised text: keep it, but never as an error of its own.
      d.severity = Diagnostic::Severity::Note;
      d.message = line;
      out.push_back(std::move(d));
      continue;
    }
    d.severity = sev;
    d.message = body;
    if (!generatedConfig.empty() && d.loc.file == generatedConfig) {
      d.loc = {};
      d.message = kConfigPrefix + d.message;
    }
    out.push_back(std::move(d));
  }
  return out;
}

void addCc65Columns(std::vector<Diagnostic>& diags) {
  static const std::regex quoted(R"('([^']+)')");
  std::map<std::string, std::vector<std::string>> files;
  for (auto& d : diags) {
    if (d.loc.file.empty() || d.loc.line <= 0 || d.loc.col > 0) continue;
    auto it = files.find(d.loc.file);
    if (it == files.end()) {
      std::vector<std::string> lines;
      // The file a message names may be anything; a device or FIFO is never read.
      std::istringstream f(readTextFile(d.loc.file).value_or(std::string()));
      std::string l;
      while (std::getline(f, l)) lines.push_back(l);
      it = files.emplace(d.loc.file, std::move(lines)).first;
    }
    const auto& lines = it->second;
    if (d.loc.line > static_cast<int>(lines.size())) continue;
    const std::string& src = lines[d.loc.line - 1];
    size_t col = std::string::npos;
    std::smatch m;
    if (std::regex_search(d.message, m, quoted)) col = findWord(src, m[1].str());
    if (col == std::string::npos) col = src.find_first_not_of(" \t");
    if (col != std::string::npos) d.loc.col = static_cast<int>(col) + 1;
  }
}

}  // namespace core

namespace core {

void locateAssemblerMessages(std::vector<Diagnostic>& diags, size_t from, const std::string& source,
                             size_t index, const std::string& manifest) {
  for (size_t i = from; i < diags.size(); ++i) {
    Diagnostic& d = diags[i];
    if (!d.loc.file.empty()) continue;
    if (manifest.empty()) {
      d.loc = {source, 0, 0};
    } else {
      d.loc = {manifest, 0, 0};
      d.message = "sources[" + std::to_string(index) + "]: " + d.message;
    }
  }
}

void locateLinkerMessages(std::vector<Diagnostic>& diags, size_t from,
                          const std::vector<std::string>& files,
                          const std::function<std::optional<std::string>(const std::string&)>& read,
                          const std::string& manifest) {
  static const std::regex segmentName(R"([Ss]egment '([^']+)')");
  static const std::regex quotedName(R"('([^']+)')");
  for (size_t i = from; i < diags.size(); ++i) {
    Diagnostic& d = diags[i];
    if (!d.loc.file.empty()) continue;
    const bool config = d.message.starts_with(kConfigPrefix);
    std::smatch m;
    std::optional<SourceLoc> at;
    if (std::regex_search(d.message, m, segmentName))
      at = findInSources(files, read, m[1].str(), true);
    else if (std::regex_search(d.message, m, quotedName))
      at = findInSources(files, read, m[1].str(), false);
    else if (i > from && !diags[i - 1].loc.file.empty())
      at = diags[i - 1].loc;
    if (at) {
      d.loc = *at;
      if (config) d.message.erase(0, std::char_traits<char>::length(kConfigPrefix));
    } else if (!manifest.empty()) {
      d.loc = {manifest, 0, 0};
      d.message = config ? "layout: " + d.message : "sources: " + d.message;
    } else if (!files.empty()) {
      d.loc = {files.front(), 0, 0};
    }
  }
}

}  // namespace core
