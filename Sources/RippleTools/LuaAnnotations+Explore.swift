extension LuaAnnotations {
    /// `ripple.explore` and the helpers of the scenarios it writes (docs/explore.md).
    static let explore = #"""
---The options of `ripple.explore` (docs/explore.md).
---@class ExploreOptions
---@field model? ManagedObjectModel The model: every run starts from a new in-memory container over it.
---@field container? fun(): PersistentContainer Instead of `model`: makes a new, empty container for every run.
---@field setup? fun(context: ManagedObjectContext, container: PersistentContainer) Puts the first objects in, before the screen is built.
---@field screen fun(context: ManagedObjectContext, container: PersistentContainer): any Builds the screen (view controllers, fetched-results controllers, delegates, data sources) and returns its root.
---@field steps? integer How many steps (default 500; `ripple explore --steps` overrides it).
---@field seed? integer The seed of the random steps (default 1; `--seed` overrides it): the same seed repeats the run exactly.
---@field actions? string[] The actions to draw from (default: all but the gestures): insert, delete, update, relate, edit, background, child, batchUpdate, batchDelete, undo, reset, and the gestures swipeToDelete, moveRow (`ripple.user`; the screen must be in a window).
---@field values? table<string, table<string, any[]>> The values to draw per entity and attribute (`{ Person = { name = { "Ann", "Bob" } } }`); the first is the plainest.
---@field check? fun(root: any, context: ManagedObjectContext): boolean|string|nil An extra check after every step: false, a string or an error is a failure.
---@field maxObjects? integer At most this many objects at once (default 12).
---@field entities? string[] The entities to insert and change (default: every concrete entity).
---@field name? string The name of the options variable in the scenario written for a failure (default "options").

---The result of an exploration that found nothing.
---@class ExploreResult
---@field steps integer The steps run.
---@field seed integer The seed.

---Runs random steps (inserts, deletes, updates, relationship changes, background and child saves, batch
---updates and deletes, undo, reset) against the screen, checking after each that nothing raised, that every
---table shows what a fresh fetch shows and no deleted object; the first failure is shrunk to the fewest
---steps and raised as `<failure> (found after N steps, shrunk to M steps; seed S)` with a scenario that runs them.
---@param options ExploreOptions
---@return ExploreResult
function ripple.explore(options) end

---Starts a run as `ripple.explore` does (a new container, the setup, the screen): used by the scenarios it writes.
---@param options ExploreOptions
---@return ManagedObjectContext context
---@return PersistentContainer container
---@return any root
---@return CollectionView[] views
function ripple.exploreStart(options) end

---Ticks and makes the checks of one exploration step, raising the first failure.
---@param options ExploreOptions
function ripple.exploreCheck(options) end

---Builds the screen again after `ctx:reset()`, as an exploration's reset step does.
---@param options ExploreOptions
---@return any root
function ripple.exploreRebuild(options) end
"""#
}
