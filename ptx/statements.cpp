#include "ptx/statements.h"

#include <cctype>

namespace rfvar::arch::ptx {

namespace {
std::string_view trim_view(std::string_view s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}
}  // namespace

std::string trim(std::string_view s) { return std::string(trim_view(s)); }

namespace {
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }

// A label is a bare identifier ([A-Za-z_$%][A-Za-z0-9_$]*) before ':'.
bool is_label(std::string_view t) {
  if (t.empty()) return false;
  for (char c : t)
    if (!is_ident_char(c)) return false;
  return !std::isdigit(static_cast<unsigned char>(t[0]));
}

// Directives without a terminating ';' (.version 9.0, .target sm_75, .address_size 64, .file, .loc).
bool ends_at_newline(std::string_view cur) {
  const std::string_view t = trim_view(cur);
  for (std::string_view d : {".version", ".target", ".address_size", ".file", ".loc"})
    if (t.substr(0, d.size()) == d) return true;
  return false;
}

bool is_header(std::string_view t) {
  return t.find(".entry") != std::string_view::npos || t.find(".func") != std::string_view::npos;
}
}  // namespace

std::vector<Statement> split_statements(std::string_view text) {
  std::vector<Statement> out;
  std::string cur;
  bool blank = true;  // cur is white space only (its trim is empty): tracked, not recomputed per character
  int line = 1, start_line = 1;
  int depth = 0;  // braces opened inside the current statement
  auto emit = [&](Statement::Kind k, std::string_view t) { out.push_back({k, std::string(t), start_line}); };
  auto clear = [&] {
    cur.clear();
    blank = true;
  };
  auto flush = [&] {
    if (!blank) emit(Statement::Kind::Text, trim_view(cur));
    clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i < text.size() && text[i] != '\n') ++i;
      --i;
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      i += 2;
      while (i + 1 < text.size() && !(text[i] == '*' && text[i + 1] == '/')) line += text[i++] == '\n';
      ++i;
      continue;
    }
    if (c == '"') {  // string literal (.pragma "nounroll")
      cur += c;
      while (++i < text.size() && text[i] != '"') cur += text[i];
      cur += '"';
      blank = false;
      continue;
    }
    if (c == '\n' && !blank && ends_at_newline(cur)) flush();
    if (c == '\n') ++line;
    if (blank) start_line = line;
    if (depth == 0 && c == '{' && (blank || is_header(trim_view(cur)))) {
      if (!blank) emit(Statement::Kind::Text, trim_view(cur));
      clear();
      start_line = line;
      emit(Statement::Kind::Open, "{");
      continue;
    }
    if (depth == 0 && c == '}' && blank) {
      emit(Statement::Kind::Close, "}");
      clear();
      continue;
    }
    if (c == '{') ++depth;
    if (c == '}') --depth;
    if (depth == 0 && c == ';') {
      flush();
      continue;
    }
    if (depth == 0 && c == ':' && !blank && is_label(trim_view(cur)) && (i + 1 >= text.size() || text[i + 1] != ':')) {
      emit(Statement::Kind::Label, trim_view(cur));
      clear();
      continue;
    }
    cur += c;
    blank = blank && std::isspace(static_cast<unsigned char>(c));
  }
  flush();
  return out;
}

std::vector<std::string> split_operands(std::string_view s) {
  std::vector<std::string> out;
  int depth = 0;
  std::string cur;
  for (char c : s) {
    if (c == '[' || c == '{' || c == '(') ++depth;
    if (c == ']' || c == '}' || c == ')') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(trim(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!trim(cur).empty() || !out.empty()) out.push_back(trim(cur));
  return out;
}

}  // namespace rfvar::arch::ptx
