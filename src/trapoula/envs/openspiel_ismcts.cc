// OpenSpiel's C++ IS-MCTS on a Python-defined game: the two hooks pyspiel does not bind.
//
// Built on first use by trapoula/envs/openspiel_cpp.py (pybind11 headers, the OpenSpiel
// headers shipped in the open_spiel wheel, linked against pyspiel.so, which exports the
// type_info of open_spiel::State and ISMCTSBot).  pybind11's shared internals let this
// module take the very ISMCTSBot and State objects that pyspiel created.
//
// 1. ISMCTSBot::SampleRootState calls State::ResampleFromInfostate, which PyState (the
//    trampoline of Python games, python/pybind11/python_games.h) does not override, so a
//    Python game's resample_from_infostate is never reached ("ResampleFromInfostate() not
//    implemented"), and ISMCTSBot::SetResampler has no Python binding.  set_resampler()
//    installs a callback that calls a Python function (state, player, uniform) -> state.
// 2. pyspiel binds ISMCTSBot.step with call_guard<gil_scoped_release>, yet PyState's
//    InformationStateString / ObservationString reach the Python observer (PyGame::
//    MakeObserver, PyObserver::StringFrom) without taking the GIL back: a segmentation fault
//    in _PyType_Lookup.  step() runs ISMCTSBot::Step holding the GIL.
#include <functional>
#include <memory>
#include <utility>

#include <pybind11/pybind11.h>

#include "open_spiel/algorithms/is_mcts.h"
#include "open_spiel/spiel.h"

namespace py = pybind11;
using open_spiel::Action;
using open_spiel::Player;
using open_spiel::State;
using open_spiel::algorithms::ISMCTSBot;

PYBIND11_MODULE(_trapoula_ismcts, m) {
  m.doc() = "Resampler hook and GIL-holding step for OpenSpiel's C++ ISMCTSBot.";
  m.def(
      "set_resampler",
      [](ISMCTSBot& bot, py::function fn) {
        // Owned by the bot's std::function; released (with the GIL) when the bot is.
        auto keep = std::make_shared<py::function>(std::move(fn));
        bot.SetResampler([keep](const State& state, Player player,
                                std::function<double()> rng) -> std::unique_ptr<State> {
          py::gil_scoped_acquire gil;
          py::object s = py::cast(&state, py::return_value_policy::reference);
          double u = rng();
          py::object out = (*keep)(s, player, u);
          return out.cast<std::unique_ptr<State>>();
        });
      },
      py::arg("bot"), py::arg("fn"));
  m.def(
      "step", [](ISMCTSBot& bot, const State& state) -> Action { return bot.Step(state); },
      py::arg("bot"), py::arg("state"));
}
