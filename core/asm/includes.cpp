#include "core/asm/includes.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "core/util/files.h"

namespace core {
namespace {

namespace fs = std::filesystem;

bool startsWithWord(const std::string& s, size_t at, const char* word) {
  size_t n = 0;
  for (; word[n]; ++n)
    if (at + n >= s.size() || std::tolower((unsigned char)s[at + n]) != word[n]) return false;
  const size_t end = at + n;
  return end == s.size() || std::isspace((unsigned char)s[end]) || s[end] == '"';
}

size_t skipSpace(const std::string& s, size_t i) {
  while (i < s.size() && std::isspace((unsigned char)s[i])) ++i;
  return i;
}

// Skips a leading `label:` (or `label::`), returning where the statement starts.
size_t skipLabel(const std::string& s, size_t i) {
  size_t j = i;
  while (j < s.size() &&
         (std::isalnum((unsigned char)s[j]) || s[j] == '_' || s[j] == '@' || s[j] == '.'))
    ++j;
  if (j == i || j >= s.size() || s[j] != ':') return i;
  while (j < s.size() && s[j] == ':') ++j;
  return skipSpace(s, j);
}

std::optional<std::string> readText(const std::string& path, const IncludeReader& read) {
  if (read)
    if (auto text = read(path)) return text;
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  return readTextFile(path);
}

std::string normal(const std::string& path) {
  return fs::path(path).lexically_normal().string();
}

std::string absoluteNormal(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path, ec);
  return (ec ? fs::path(path) : p).lexically_normal().string();
}

}  // namespace

std::optional<IncludeDirective> includeDirective(const std::string& line, IncludeSyntax syntax) {
  const size_t at = skipLabel(line, skipSpace(line, 0));
  const bool ca65 = syntax == IncludeSyntax::Ca65;
  IncludeDirective d;
  const char* word = ca65 ? ".include" : "include";
  if (!startsWithWord(line, at, word)) {
    word = ca65 ? ".incbin" : "incbin";
    if (!startsWithWord(line, at, word)) return std::nullopt;
    d.binary = true;
  }
  size_t i = skipSpace(line, at + std::char_traits<char>::length(word));
  if (i >= line.size() || line[i] != '"') return std::nullopt;
  const size_t end = line.find('"', i + 1);
  if (end == std::string::npos || end == i + 1) return std::nullopt;
  d.name = line.substr(i + 1, end - i - 1);
  d.col = int(at) + 1;
  return d;
}

std::optional<std::string> includeName(const std::string& line, IncludeSyntax syntax) {
  auto d = includeDirective(line, syntax);
  if (!d || d->binary) return std::nullopt;
  return d->name;
}

std::vector<std::string> includeCandidates(const std::string& includer, const std::string& name,
                                           const std::vector<std::string>& includeDirs) {
  if (fs::path(name).is_absolute()) return {normal(name)};
  std::vector<std::string> out;
  out.push_back(normal((fs::path(includer).parent_path() / name).string()));
  for (const std::string& d : includeDirs) out.push_back(normal((fs::path(d) / name).string()));
  return out;
}

std::vector<std::string> findIncludes(const std::vector<std::string>& sources, IncludeSyntax syntax,
                                      const IncludeReader& read,
                                      const std::vector<std::string>& includeDirs) {
  std::vector<std::string> seen(sources.begin(), sources.end()), found;
  std::vector<std::string> pending(sources.rbegin(), sources.rend());
  auto known = [&](const std::string& p) {
    return std::any_of(seen.begin(), seen.end(),
                       [&](const std::string& s) { return samePath(s, p); });
  };
  while (!pending.empty()) {
    const std::string file = pending.back();
    pending.pop_back();
    const auto text = readText(file, read);
    if (!text) continue;
    std::vector<std::string> here;
    size_t start = 0;
    while (start < text->size()) {
      size_t end = text->find('\n', start);
      if (end == std::string::npos) end = text->size();
      if (auto name = includeName(text->substr(start, end - start), syntax))
        for (const std::string& c : includeCandidates(file, *name, includeDirs)) {
          if (!readText(c, read)) continue;
          if (!known(c)) {
            seen.push_back(c);
            found.push_back(c);
            here.push_back(c);
          }
          break;
        }
      start = end + 1;
    }
    pending.insert(pending.end(), here.rbegin(), here.rend());  // depth-first, in order
  }
  return found;
}

std::vector<Diagnostic> checkIncludedFiles(const std::vector<std::string>& sources,
                                           IncludeSyntax syntax, const IncludeReader& read,
                                           const std::vector<std::string>& includeDirs) {
  std::vector<std::string> files = sources;
  const auto included = findIncludes(sources, syntax, read, includeDirs);
  files.insert(files.end(), included.begin(), included.end());
  std::vector<Diagnostic> out;
  for (const std::string& file : files) {
    const auto text = readText(file, read);
    if (!text) continue;
    int lineNo = 0;
    for (size_t start = 0; start < text->size();) {
      size_t end = text->find('\n', start);
      if (end == std::string::npos) end = text->size();
      ++lineNo;
      const auto d = includeDirective(text->substr(start, end - start), syntax);
      start = end + 1;
      if (!d) continue;
      std::vector<std::string> where = includeCandidates(file, d->name, includeDirs);
      if (d->binary) where.push_back(normal(d->name));
      for (const std::string& c : where) {
        std::error_code ec;
        if (!fs::exists(c, ec)) continue;  // follows links: a link to /dev/zero is a device
        if (auto why = unreadableReason(c, d->binary ? kMaxBinaryBytes : kMaxSourceBytes))
          out.push_back({Diagnostic::Severity::Error,
                         {file, lineNo, d->col},
                         (d->binary ? "incbin \"" : "include \"") + d->name + "\": " + *why});
        break;
      }
    }
  }
  return out;
}

bool samePath(const std::string& a, const std::string& b) {
  return a == b || absoluteNormal(a) == absoluteNormal(b);
}

}  // namespace core
