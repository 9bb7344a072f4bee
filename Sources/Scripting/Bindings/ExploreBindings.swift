import CollectionViews
import Glibc
import LuaBridge
import ObjectGraph
import ViewControllers

/// The settings a command line gives every `ripple.explore` of a file (`ripple explore FILE --steps N
/// --seed S --time SECONDS --explore-out DIR`); nil fields keep the script's options.
public struct ExploreSettings: Sendable {
    /// Steps per exploration, instead of the script's `steps`.
    public var steps: Int?
    /// The seed, instead of the script's `seed`.
    public var seed: Int?
    /// Stop exploring (not shrinking) after this many seconds.
    public var seconds: Double?
    /// The folder shrunk scenarios are written to.
    public var outputFolder: String?
    /// Called with a progress line (steps done, seed, time) while exploring.
    public var onProgress: (@Sendable (String) -> Void)?

    /// Settings that change nothing.
    public init(steps: Int? = nil, seed: Int? = nil, seconds: Double? = nil, outputFolder: String? = nil,
                onProgress: (@Sendable (String) -> Void)? = nil) {
        self.steps = steps
        self.seed = seed
        self.seconds = seconds
        self.outputFolder = outputFolder
        self.onProgress = onProgress
    }
}

extension ScriptEngine {
    /// The private helpers of `ripple.explore` (Sources/Scripting/Lua/explore.lua): the chunk itself, the
    /// model's shape, the watch over the screen's views, the context list, the settings and the clock.
    func installExplore(into module: Int32) {
        state.register(in: module, name: "_exploreChunk") { [unowned self] state in
            // The chunk's main function (not run): explore.lua, or the two it loads itself.
            let name = state.type(at: 1) == .string ? state.toString(at: 1) : nil
            let chunk = name == "exploreshrink" ? LuaChunk.exploreshrink : name == "exploreoptions" ? LuaChunk.exploreoptions : LuaChunk.explore
            try chunk.load(into: self.state)
            return 1
        }
        state.register(in: module, name: "_exploreModel") { [unowned self] state in
            let model = try state.object(1, as: ManagedObjectModel.self, className: "ManagedObjectModel")
            self.pushShape(of: model)
            return 1
        }
        state.register(in: module, name: "_exploreWatch") { [unowned self] state in
            self.exploreWatch = state.toBoolean(at: 1) ? ExploreWatch() : nil
            return 0
        }
        state.register(in: module, name: "_exploreCheck") { [unowned self] state in
            guard let watch = self.exploreWatch else { state.pushNil(); return 1 }
            let root = state.object(at: 1, as: ViewController.self)
            if let problem = try watch.check() ?? self.controllerShowingGoneObject(onScreenWith: root) { state.push(problem) } else { state.pushNil() }
            return 1
        }
        state.register(in: module, name: "_exploreMark") { [unowned self] state in
            // With arguments: forget the contexts and containers made after the mark (a run ended), so that
            // ticks and memory do not grow with the number of runs; returns the mark.
            if state.type(at: 1) == .number, let n = state.toInteger(at: 1), n >= 0, Int(n) < self.contexts.count {
                self.contexts.removeSubrange(Int(n)...)
                if Int(n) < self.tracers.count { self.tracers.removeSubrange(Int(n)...) }
            }
            if state.type(at: 2) == .number, let n = state.toInteger(at: 2), n >= 0, Int(n) < self.containers.count {
                self.containers.removeSubrange(Int(n)...)
            }
            state.push(self.contexts.count)
            state.push(self.containers.count)
            return 2
        }
        state.register(in: module, name: "_exploreViews") { [unowned self] state in
            let views = self.exploreWatch?.views ?? []
            state.newTable(arrayCount: Int32(views.count))
            for (i, view) in views.enumerated() {
                self.collectionViewClasses?.push(view: view)
                if self.collectionViewClasses == nil { state.pushNil() }
                state.rawSet(tableAt: -2, index: i + 1)
            }
            return 1
        }
        state.register(in: module, name: "_exploreSettings") { [unowned self] state in
            let settings = self.exploreSettings
            if let steps = settings.steps { state.push(steps) } else { state.pushNil() }
            if let seed = settings.seed { state.push(seed) } else { state.pushNil() }
            if let seconds = settings.seconds { state.push(seconds) } else { state.pushNil() }
            state.push(settings.onProgress != nil)
            return 4
        }
        state.register(in: module, name: "_exploreProgress") { [unowned self] state in
            self.exploreSettings.onProgress?(try state.string(1))
            return 0
        }
        state.register(in: module, name: "_exploreClock") { state in
            state.push(Double(ScriptEngine.monotonicNanoseconds()) / 1e9)
            return 1
        }
        state.register(in: module, name: "_exploreWrite") { [unowned self] state in
            // Writes a shrunk scenario to --explore-out; returns its path (nil without the option).
            guard let folder = self.exploreSettings.outputFolder else { state.pushNil(); return 1 }
            let name = try state.string(1)
            let text = try state.string(2)
            let path = folder + "/" + name
            guard let file = fopen(path, "w") else { throw ScriptingError("cannot write the shrunk scenario to \(path)") }
            defer { fclose(file) }
            guard fputs(text, file) >= 0 else { throw ScriptingError("cannot write the shrunk scenario to \(path)") }
            state.push(path)
            return 1
        }
    }

    /// The first view controller on screen with `root` (in the window showing it, in window order) one of whose
    /// Lua fields holds a managed object that was deleted or left its context — the detail screen left showing
    /// a deleted object. Nil when there is none, or when `root` is not on screen.
    func controllerShowingGoneObject(onScreenWith root: ViewController?) throws -> String? {
        guard let controllers = scriptedControllers, let root else { return nil }
        let top = state.top
        defer { state.setTop(top) }
        for window in createdWindows where window.visibleViewControllers.contains(where: { $0 === root }) {
            for controller in window.visibleViewControllers {
                state.setTop(top)
                controllers.push(controller)
                try controllers.pushInstanceTable(ofUserdataAt: -1)
                guard state.type(at: -1) == .table else { continue }
                var found: String?
                try state.forEachPair(inTableAt: -1) { key, value in
                    guard found == nil, state.type(at: key) == .string,
                          let object = state.object(at: value, as: ManagedObject.self),
                          object.isDeleted || object.managedObjectContext == nil else { return }
                    let field = state.toString(at: key) ?? "?"
                    found = "<\(controller.typeName)\(controller.title.map { " \"\($0)\"" } ?? "")> is on screen showing "
                        + "\(object.displayName), which was deleted (its field '\(field)')"
                }
                if let found { return found }
            }
        }
        return nil
    }

    /// Pushes `{ { name =, abstract =, attributes = { { name, type, optional, min, max, minLength, maxLength,
    /// pattern } }, relationships = { { name, destination, toMany, ordered, optional, inverse } } } }`.
    func pushShape(of model: ManagedObjectModel) {
        state.newTable(arrayCount: Int32(model.entities.count))
        for (e, entity) in model.entities.enumerated() {
            state.newTable(recordCount: 4)
            state.push(entity.name); state.rawSet(tableAt: -2, key: "name")
            state.push(entity.isAbstract); state.rawSet(tableAt: -2, key: "abstract")
            state.newTable(arrayCount: Int32(entity.attributes.count))
            for (i, a) in entity.attributes.enumerated() {
                state.newTable(recordCount: 8)
                state.push(a.name); state.rawSet(tableAt: -2, key: "name")
                state.push(a.type.rawValue); state.rawSet(tableAt: -2, key: "type")
                state.push(a.isOptional); state.rawSet(tableAt: -2, key: "optional")
                if let v = a.minValue { state.push(v); state.rawSet(tableAt: -2, key: "min") }
                if let v = a.maxValue { state.push(v); state.rawSet(tableAt: -2, key: "max") }
                if let v = a.minLength { state.push(v); state.rawSet(tableAt: -2, key: "minLength") }
                if let v = a.maxLength { state.push(v); state.rawSet(tableAt: -2, key: "maxLength") }
                if a.regularExpression != nil { state.push(true); state.rawSet(tableAt: -2, key: "pattern") }
                if let v = a.defaultValue, !v.isNull { push(v); state.rawSet(tableAt: -2, key: "default") }
                state.rawSet(tableAt: -2, index: i + 1)
            }
            state.rawSet(tableAt: -2, key: "attributes")
            state.newTable(arrayCount: Int32(entity.relationships.count))
            for (i, r) in entity.relationships.enumerated() {
                state.newTable(recordCount: 6)
                state.push(r.name); state.rawSet(tableAt: -2, key: "name")
                state.push(r.destinationEntityName); state.rawSet(tableAt: -2, key: "destination")
                state.push(r.isToMany); state.rawSet(tableAt: -2, key: "toMany")
                state.push(r.isOrdered); state.rawSet(tableAt: -2, key: "ordered")
                state.push(r.isOptional); state.rawSet(tableAt: -2, key: "optional")
                state.rawSet(tableAt: -2, index: i + 1)
            }
            state.rawSet(tableAt: -2, key: "relationships")
            state.rawSet(tableAt: -2, index: e + 1)
        }
    }
}
