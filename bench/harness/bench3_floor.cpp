// The floor under the 3D rows: sepax3_floor_<backend>/box_box, the box
// kernel alone on boxes3's first pairs, their records copied to stay in
// the caches (floor3.c), for every
// vector backend this CPU runs. A sepax3_<backend>/boxes3 row far above
// it loses its time to the driver, the checks or memory; one near it can
// only get faster with a faster kernel.
#include <benchmark/benchmark.h>

#include <string>

#include "bench3_scene.h"
#include "floors/floor3.h"

namespace {

void bm_floor3(benchmark::State &state, sepax_backend backend)
{
    // the boxes3 scene's first pairs in sweep order, as its rows run them
    const sepax_bench::Scene3 &scene = sepax_bench::get_scene3("boxes3");
    if (sepax_bench_floor3_load(scene.store, scene.sweep.data(), scene.sweep.size()) == 0) {
        state.SkipWithError("could not copy the scene's boxes");
        return;
    }
    const size_t per_call = sepax_bench_floor3(backend, 1);
    if (per_call == 0) {
        state.SkipWithError("backend not available");
        return;
    }
    for (auto _ : state)
        benchmark::DoNotOptimize(sepax_bench_floor3(backend, 1));
    state.SetItemsProcessed((int64_t)state.iterations() * (int64_t)per_call);
    // ns per pair, as the other 3D rows count it
    state.counters["ns_per_pair"] =
        benchmark::Counter((double)per_call * 1e-9, benchmark::Counter::kIsIterationInvariantRate |
                                                         benchmark::Counter::kInvert);
    state.counters["pairs"] = (double)per_call;
}

const bool registered_floor3 = [] {
    for (int b = 0; b < SEPAX_BACKEND_COUNT; ++b) {
        const sepax_backend backend = (sepax_backend)b;
        if (!sepax_backend_available(backend))
            continue;
        const std::string name = std::string("sepax3_floor_") + sepax_backend_name(backend) +
                                 "/box_box";
        benchmark::RegisterBenchmark(name.c_str(), [backend](benchmark::State &st) {
            bm_floor3(st, backend);
        })->Unit(benchmark::kMicrosecond);
    }
    return true;
}();

} // namespace
