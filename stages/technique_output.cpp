#include "stages/technique_output.h"

#include "technique/registry.h"

namespace rfvar::stages {

void write_technique_attrs(H5Writer& out, const std::string& group, const std::string& name,
                           technique::Role role) {
  const auto t = technique::make_technique(name, role);
  const technique::Info& i = t->info();
  out.group(group);
  out.attr(group, "technique", i.name);
  out.attr(group, "role", std::string(technique::to_string(role)));
  out.attr(group, "summary", i.summary);
  out.attr(group, "source", i.source);
  out.attr(group, "in_figure", static_cast<std::int64_t>(i.in_figure(role) ? 1 : 0));
  out.attr(group, "figure_order", static_cast<std::int64_t>(technique::figure_order(i.name)));
  std::string figures;  // the Tan 2016 figures that show it, e.g. "3,11,13" ("" for none)
  for (int f : i.figures) figures += (figures.empty() ? "" : ",") + std::to_string(f);
  out.attr(group, "figures", figures);
}

}  // namespace rfvar::stages
