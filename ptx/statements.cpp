#include "ptx/statements.h"

#include <cctype>

namespace rfvar::arch::ptx {

std::string trim(std::string_view s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return std::string(s.substr(a, b - a));
}

namespace {
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }

// A label is a bare identifier ([A-Za-z_$%][A-Za-z0-9_$]*) before ':'.
bool is_label(const std::string& t) {
  if (t.empty()) return false;
  for (char c : t)
    if (!is_ident_char(c)) return false;
  return !std::isdigit(static_cast<unsigned char>(t[0]));
}

// Directives without a terminating ';' (.version 9.0, .target sm_75, .address_size 64, .file, .loc).
bool ends_at_newline(const std::string& cur) {
  const std::string t = trim(cur);
  for (const char* d : {".version", ".target", ".address_size", ".file", ".loc"})
    if (t.rfind(d, 0) == 0) return true;
  return false;
}

bool is_header(const std::string& t) {
  return t.find(".entry") != std::string::npos || t.find(".func") != std::string::npos;
}
}  // namespace

std::vector<Statement> split_statements(std::string_view text) {
  std::vector<Statement> out;
  std::string cur;
  int line = 1, start_line = 1;
  int depth = 0;  // braces opened inside the current statement
  auto emit = [&](Statement::Kind k, std::string t) { out.push_back({k, std::move(t), start_line}); };
  auto flush = [&] {
    std::string t = trim(cur);
    if (!t.empty()) emit(Statement::Kind::Text, std::move(t));
    cur.clear();
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
      continue;
    }
    if (c == '\n' && ends_at_newline(cur)) flush();
    if (c == '\n') ++line;
    const std::string t = trim(cur);
    if (t.empty()) start_line = line;
    if (depth == 0 && c == '{' && (t.empty() || is_header(t))) {
      if (!t.empty()) emit(Statement::Kind::Text, t);
      cur.clear();
      start_line = line;
      emit(Statement::Kind::Open, "{");
      continue;
    }
    if (depth == 0 && c == '}' && t.empty()) {
      emit(Statement::Kind::Close, "}");
      cur.clear();
      continue;
    }
    if (c == '{') ++depth;
    if (c == '}') --depth;
    if (depth == 0 && c == ';') {
      flush();
      continue;
    }
    if (depth == 0 && c == ':' && is_label(t) && (i + 1 >= text.size() || text[i + 1] != ':')) {
      emit(Statement::Kind::Label, t);
      cur.clear();
      continue;
    }
    cur += c;
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
