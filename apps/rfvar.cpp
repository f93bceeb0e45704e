// rfvar: the command-line front end. Subcommands live in apps/cmd_*.cpp; this file only wires
// them up and turns errors into messages and exit codes. No model logic here.
// Compiled a second time with RFVAR_MPI defined into rfvar-mpi (CMake option RFVAR_MPI;
// docs/cluster.md): MPI starts first, the stages get the MPI job distributor, ranks other than 0
// print nothing on stdout and draw no progress bar, and an error after the options are parsed ends
// every rank (a rank alone could leave the others waiting in an exchange).
#include <cstdio>
#include <iostream>
#include <new>

#include <CLI/CLI.hpp>
#include <H5Cpp.h>

#include "apps/cli_checks.h"
#include "apps/cli_common.h"
#include "common/build_info.h"
#include "common/config.h"
#include "stages/job_log_output.h"
#ifdef RFVAR_MPI
#include "stages/mpi/mpi_jobs.h"
#endif

namespace rfvar::apps {
void register_trace(CLI::App& app, CommonOptions& o);  // apps/cmd_trace.cpp
}  // namespace rfvar::apps

namespace {

// The exit status of an error found while a subcommand ran: every rank of an MPI run ends with it.
int failed(int code, [[maybe_unused]] const rfvar::JobDistributor* jobs) {
#ifdef RFVAR_MPI
  if (jobs && jobs->ranks() > 1) {
    std::cerr.flush();
    rfvar::stages::MpiJobs::abort_all(code);
  }
#endif
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace rfvar;
#ifdef RFVAR_MPI
  stages::MpiSession mpi(&argc, &argv);
  stages::MpiJobs mpi_jobs;
#endif
  CLI::App app{
      std::string("rfvar ") + version_string() +
      " - process variation and NBTI aging in GPU register files, and the techniques that win\n"
      "the lost performance back (Tan et al. TPDS 2016; LTRF, Sadrosadati et al. ASPLOS 2018).\n"
      "Every model parameter lives in data/fermi-32nm.toml; override with --config FILE or\n"
      "--set section.key=value. Run 'rfvar SUBCOMMAND --help' for details."};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(version_string()));
  apps::CommonOptions opts;
  for (int i = 0; i < argc; ++i) opts.command_line += (i ? " " : "") + std::string(argv[i]);
#ifdef RFVAR_MPI
  opts.distributor = &mpi_jobs;
  if (mpi_jobs.rank() != 0 && !std::freopen("/dev/null", "w", stdout)) return 3;
#endif
  const JobDistributor* jobs = opts.distributor;

  apps::register_chips(app, opts);
  apps::register_guardband(app, opts);
  apps::register_perf(app, opts);
  apps::register_freq(app, opts);
  apps::register_sim(app, opts);
  apps::register_ipc(app, opts);
  apps::register_study(app, opts);
  apps::register_ltrf(app, opts);
  apps::register_intervals(app, opts);
  apps::register_l2reuse(app, opts);
  apps::register_energy(app, opts);
  apps::register_sharing(app, opts);
  apps::register_trace(app, opts);

  // The checks every subcommand shares (-o rules, thread cap: apps/cli_checks.h), after the options
  // are parsed and before the subcommand runs.
  app.parse_complete_callback([&] {
    if (!app.get_subcommands().empty()) apps::check_command(*app.get_subcommands().front(), opts);
    if (jobs && jobs->rank() != 0) opts.no_progress = true, opts.force_progress = false;  // rank 0 draws
    if (jobs && jobs->ranks() > 1 && !app.get_subcommands().empty()) {
      const std::string name = app.get_subcommands().front()->get_name();
      if (!apps::runs_distributed(name))
        throw InputError("rfvar " + name + " runs in one process; give it one MPI rank (mpirun -n 1) or run "
                         "the plain rfvar (docs/cluster.md)");
    }
  });

  // Every input error, whatever raised it, is one "rfvar: error:" line and exit 2 (docs/cli.md
  // "Errors and limits"); unwinding runs the H5Writer destructors, which remove their temporaries.
  try {
    app.parse(argc, argv);
    stages::remove_rank_scratch(jobs);
  } catch (const CLI::Success& e) {  // --help, --help-all, --version
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "rfvar: error: " << e.what() << " (see 'rfvar --help')\n";
    return 2;
  } catch (const H5::Exception& e) {
    std::cerr << "rfvar: error: HDF5: " << e.getFuncName() << ": " << e.getDetailMsg() << "\n";
    return failed(2, jobs);
  } catch (const std::bad_alloc&) {
    std::cerr << "rfvar: error: out of memory: an input asks for more memory than this machine has "
                 "(docs/cli.md \"Errors and limits\")\n";
    return failed(2, jobs);
  } catch (const InputError& e) {
    std::cerr << "rfvar: error: " << e.what() << "\n";
    return failed(2, jobs);
  } catch (const std::exception& e) {
    std::cerr << "rfvar: internal error: " << e.what() << "\n";
    return failed(3, jobs);
  } catch (...) {
    std::cerr << "rfvar: internal error: unknown exception\n";
    return failed(3, jobs);
  }
  return 0;
}
