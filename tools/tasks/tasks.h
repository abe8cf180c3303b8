/* A small pthread pool implementing sepax_task_system: how a program
 * hands the library its workers (sepax_store_set_tasks). The command
 * line's demo, the tests and the bench use it; a game would plug in the
 * job system it already has instead. Plain C11 and POSIX threads.
 *
 * A pool of N workers starts N - 1 threads; the thread that waits in
 * finish runs ranges too, under whichever worker index is free, so a
 * pool may serve several calling threads at once without two running
 * ranges ever sharing an index. Between calls the threads spin for a
 * moment, then sleep on a condition variable. */
#ifndef SEPAX_TOOLS_TASKS_H
#define SEPAX_TOOLS_TASKS_H

#include <stdint.h>

#include "sepax/sepax_common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct task_pool task_pool;

/* workers: 1 to SEPAX_MAX_WORKERS, the calling thread included. Returns 0
 * or an errno value (EINVAL, ENOMEM, or pthread_create's). */
int task_pool_create(uint32_t workers, task_pool **out);
/* Waits for nothing: call it when no task is pending. NULL is accepted. */
void task_pool_destroy(task_pool *pool);
/* The task system to give a store (sepax_store_set_tasks). */
sepax_task_system task_pool_system(task_pool *pool);

#ifdef __cplusplus
}
#endif

#endif
