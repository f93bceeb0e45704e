#include "ptx/parser.h"

#include <fstream>
#include <sstream>

#include "ptx/entry_builder.h"
#include "ptx/statements.h"
#include "ptx/var_decl.h"
#include "common/config.h"

namespace rfvar::arch::ptx {

namespace {
bool starts_with(const std::string& s, std::string_view p) { return s.rfind(p, 0) == 0; }

bool is_module_directive(const std::string& t) {
  for (std::string_view d : {".version", ".target", ".address_size", ".file", ".loc", ".pragma", ".section"})
    if (starts_with(t, d)) return true;
  return false;
}

bool is_var_decl(const std::string& t) {
  std::istringstream in(t);
  std::string tok;
  while (in >> tok) {
    if (tok == ".visible" || tok == ".extern" || tok == ".weak") continue;
    return tok == ".global" || tok == ".const" || tok == ".shared" || tok == ".local";
  }
  return false;
}

std::int64_t align_up(std::int64_t v, std::int64_t a) { return (v + a - 1) / a * a; }

class ModuleParser {
 public:
  ModuleParser(std::string_view text, const std::string& file) : file_(file), st_(split_statements(text)) {
    prog_.file = file;
  }

  Program run() {
    while (i_ < st_.size()) {
      const Statement& s = st_[i_];
      if (s.kind == Statement::Kind::Text && is_module_directive(s.text)) {
        ++i_;
      } else if (s.kind == Statement::Kind::Text && s.text.find(".entry") != std::string::npos) {
        entry(s);
      } else if (s.kind == Statement::Kind::Text && s.text.find(".func") != std::string::npos) {
        skip_func();
      } else if (s.kind == Statement::Kind::Text && is_var_decl(s.text)) {
        variable(s);
        ++i_;
      } else {
        fail(s.line, "unsupported statement '" + s.text + "'");
      }
    }
    return std::move(prog_);
  }

 private:
  [[noreturn]] void fail(int line, const std::string& what) const {
    throw InputError(file_ + ":" + std::to_string(line) + ": " + what);
  }

  void variable(const Statement& s) {
    Variable v = parse_variable(s.text, file_, s.line);
    if (v.space == Space::Global) {
      v.offset = align_up(prog_.global_image_bytes, std::max<std::int64_t>(v.align, 1));
      prog_.global_image_bytes = v.offset + v.bytes;
      prog_.globals.push_back(v);
    } else if (v.space == Space::Const) {
      v.offset = align_up(prog_.const_bytes, std::max<std::int64_t>(v.align, 1));
      prog_.const_bytes = v.offset + v.bytes;
      prog_.const_image.resize(static_cast<std::size_t>(prog_.const_bytes), 0);
      std::copy(v.init.begin(), v.init.end(), prog_.const_image.begin() + v.offset);
      prog_.globals.push_back(v);
    } else if (v.space == Space::Shared && v.is_extern) {
      prog_.shared_externs.push_back(v);
      module_vars_.push_back(v);
      return;
    } else {
      fail(s.line, "unsupported module-scope declaration '" + s.text + "'");
    }
    module_vars_.push_back(v);
  }

  void skip_func() {
    ++i_;
    if (i_ >= st_.size() || st_[i_].kind != Statement::Kind::Open) return;  // a declaration
    int depth = 0;
    for (; i_ < st_.size(); ++i_) {
      depth += st_[i_].kind == Statement::Kind::Open;
      depth -= st_[i_].kind == Statement::Kind::Close;
      if (depth == 0) break;
    }
    ++i_;
  }

  void entry(const Statement& s) {
    const std::string& h = s.text;
    const auto at = h.find(".entry");
    const auto open = h.find('(', at);
    const auto close = h.rfind(')');
    const std::string name = trim(h.substr(at + 6, (open == std::string::npos ? h.size() : open) - at - 6));
    if (name.empty()) fail(s.line, "entry without a name");
    EntryBuilder b(file_, name, s.line, module_vars_);
    if (open != std::string::npos && close != std::string::npos && close > open)
      for (const std::string& p : split_operands(h.substr(open + 1, close - open - 1)))
        if (!p.empty()) b.add_param(p, s.line);
    ++i_;
    if (i_ >= st_.size() || st_[i_].kind != Statement::Kind::Open)
      fail(s.line, "entry '" + name + "' has no body");
    ++i_;
    int depth = 1;
    for (; i_ < st_.size(); ++i_) {
      const Statement& t = st_[i_];
      if (t.kind == Statement::Kind::Open) {
        ++depth;
        continue;
      }
      if (t.kind == Statement::Kind::Close) {
        if (--depth == 0) break;
        continue;
      }
      if (t.kind == Statement::Kind::Label) {
        b.add_label(t.text, t.line);
        continue;
      }
      if (starts_with(t.text, ".reg"))
        b.declare_regs(t.text, t.line);
      else if (is_var_decl(t.text))
        b.declare_var(t.text, t.line);
      else if (t.text[0] == '.')
        continue;  // .pragma, .loc, .maxntid ... (no semantics here)
      else
        b.add_instruction(t.text, t.line);
    }
    if (i_ >= st_.size()) fail(s.line, "entry '" + name + "' is not closed");
    ++i_;
    prog_.entries.push_back(b.finish());
  }

  std::string file_;
  std::vector<Statement> st_;
  std::size_t i_ = 0;
  Program prog_;
  std::vector<Variable> module_vars_;
};
}  // namespace

Program parse_ptx(std::string_view text, const std::string& file) { return ModuleParser(text, file).run(); }

Program load_ptx(const std::filesystem::path& path, std::uint64_t max_bytes) {
  return parse_ptx(read_text_input(path, max_bytes), path.filename().string());
}

}  // namespace rfvar::arch::ptx
