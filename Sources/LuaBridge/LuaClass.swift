internal import CLua
internal import CLuaShim

/// Describes how Swift objects of one kind appear in Lua: a shared metatable with C `__index`/`__newindex`.
///
/// Property reads and writes go from the C metamethod straight to ``getter``/``setter`` with the property's
/// slot (its position in ``properties``): no Swift `String` is created and nothing is allocated per access.
/// Methods live in a table consulted by `__index` after the properties. Other string keys go to the optional
/// fallbacks. The metatable is created in a state the first time an object of the class is pushed.
///
/// ```swift
/// let customerClass = LuaClass(
///     name: "Customer",
///     properties: ["name", "age"],
///     methods: ["greet": { lua in
///         let c = try lua.object(1, as: Customer.self, className: "Customer")
///         lua.push("hello " + c.name); return 1
///     }],
///     getter: { object, slot, lua in
///         let c = object as! Customer
///         if slot == 0 { lua.push(c.name) } else { lua.push(c.age) }
///     },
///     setter: { object, slot, lua, value in
///         let c = object as! Customer
///         if slot == 0 { c.name = try lua.string(value) } else { c.age = try lua.integer(value) }
///     })
/// lua.push(object: customer, class: customerClass)
/// ```
public final class LuaClass {
    /// Pushes exactly one value: property number `slot` of the object.
    public typealias Getter = (_ object: AnyObject, _ slot: Int, _ state: LuaState) throws -> Void
    /// Stores the value at `valueIndex` into property number `slot` of the object.
    public typealias Setter = (_ object: AnyObject, _ slot: Int, _ state: LuaState, _ valueIndex: Int32) throws -> Void
    /// Reads a key that is neither a property nor a method: pushes one value and returns `true`, or pushes
    /// nothing and returns `false` (the result is then `nil`).
    public typealias IndexFallback = (_ object: AnyObject, _ key: String, _ state: LuaState) throws -> Bool
    /// Writes a key that is not a property: returns `false` to raise `attempt to set unknown key`.
    public typealias NewIndexFallback = (
        _ object: AnyObject, _ key: String, _ state: LuaState, _ valueIndex: Int32
    ) throws -> Bool

    /// Reads property `slot` when it is a scalar, without touching the Lua state (the C metamethod pushes
    /// it); returns ``LuaScalar/unavailable`` to use ``Getter`` instead. Must not fail or have side effects.
    public typealias ScalarGetter = (_ object: AnyObject, _ slot: Int) -> LuaScalar
    /// Stores a scalar into property `slot` and returns `true`, or returns `false` without any side effect to
    /// use ``Setter`` instead (which then reports any error).
    public typealias ScalarSetter = (_ object: AnyObject, _ slot: Int, _ value: LuaScalar) -> Bool

    /// The class name: the metatable's `__name`, used in messages such as `Customer expected, got string`.
    public let name: String
    /// Property names; a property's slot is its position in this array.
    public let properties: [String]
    /// Methods, stored as Lua functions in the methods table (call them with `obj:method(…)`).
    public let methods: [String: LuaState.Body]
    let getter: Getter
    let setter: Setter
    /// The first slot of the declared fixed properties of a class made by
    /// ``LuaClassDeclaration/makeClass(modelSlots:)``: slots below it go to ``getter``/``setter`` (the model's),
    /// the others to ``fixedGetter``/``fixedSetter``. `Int.max` for every other class.
    let fixedSlotStart: Int
    let fixedGetter: Getter
    let fixedSetter: Setter
    let index: IndexFallback?
    let newIndex: NewIndexFallback?
    let tostring: ((AnyObject) -> String)?
    /// The scalar fast path of reads, if any.
    let scalarGetter: ScalarGetter?
    /// The scalar fast path of writes, if any.
    let scalarSetter: ScalarSetter?
    /// The read cache of the class's objects, if they support one (see ``ReadCache``).
    let readCache: ReadCache?
    /// C entry points that read and write scalar properties without the class's closures (see
    /// ``DirectScalarAccess``); set before the class's first object is pushed.
    public var directScalarAccess: DirectScalarAccess?
    /// Further metamethods (`__len`, `__eq`, …), run through the trampoline like any Swift function.
    public var metamethods: [String: LuaState.Body] = [:]
    /// Methods whose argument at the given position is read by C as a record before they run (see
    /// ``LuaState/forEachRecordField(ofTableAt:_:)``). Set before the class's first object is pushed.
    public var recordArguments: [String: Int32] = [:]

    /// Creates a class description.
    /// - Parameters:
    ///   - name: The `__name` of the metatable.
    ///   - properties: Property names; slot = position.
    ///   - methods: Method bodies; argument 1 is the object.
    ///   - getter: Pushes one value for a property slot.
    ///   - setter: Stores a value into a property slot; by default properties are read-only.
    ///   - index: Fallback for other string keys.
    ///   - newIndex: Fallback for assignments to other keys.
    ///   - tostring: The `__tostring` text; by default Lua shows `Name: 0x…`.
    ///   - scalarGetter: Optional fast path for reads of numbers, booleans and nil (see ``ScalarGetter``).
    ///   - scalarSetter: Optional fast path for writes of numbers, booleans and nil (see ``ScalarSetter``).
    ///   - readCache: Lets `__index` answer repeated scalar reads from the userdata (see ``ReadCache``).
    public convenience init(
        name: String,
        properties: [String] = [],
        methods: [String: LuaState.Body] = [:],
        getter: @escaping Getter = { _, _, state in state.pushNil() },
        setter: Setter? = nil,
        index: IndexFallback? = nil,
        newIndex: NewIndexFallback? = nil,
        tostring: ((AnyObject) -> String)? = nil,
        scalarGetter: ScalarGetter? = nil,
        scalarSetter: ScalarSetter? = nil,
        readCache: ReadCache? = nil
    ) {
        let readOnly: Setter = { [properties] _, slot, _, _ in
            throw LuaError(.runtime, "attempt to set read-only property '\(properties[slot])' of \(name)")
        }
        let setter = setter ?? readOnly
        self.init(name: name, properties: properties, methods: methods, getter: getter, setter: setter,
                  fixedSlotStart: Int.max, fixedGetter: getter, fixedSetter: setter, index: index,
                  newIndex: newIndex, tostring: tostring, scalarGetter: scalarGetter, scalarSetter: scalarSetter,
                  readCache: readCache)
    }

    /// A class whose first `fixedSlotStart` property slots are its model's (``getter``/``setter`` and the fast
    /// paths serve them) and whose further slots are fixed properties (``fixedGetter``/``fixedSetter``, called
    /// with the slot itself): see ``LuaClassDeclaration/makeClass(modelSlots:)``.
    init(name: String, properties: [String], methods: [String: LuaState.Body], getter: @escaping Getter,
         setter: @escaping Setter, fixedSlotStart: Int, fixedGetter: @escaping Getter, fixedSetter: @escaping Setter,
         index: IndexFallback?, newIndex: NewIndexFallback?, tostring: ((AnyObject) -> String)?,
         scalarGetter: ScalarGetter?, scalarSetter: ScalarSetter?, readCache: ReadCache?) {
        self.name = name
        self.properties = properties
        self.methods = methods
        self.getter = getter
        self.setter = setter
        self.fixedSlotStart = fixedSlotStart
        self.fixedGetter = fixedGetter
        self.fixedSetter = fixedSetter
        self.index = index
        self.newIndex = newIndex
        self.tostring = tostring
        self.scalarGetter = scalarGetter
        self.scalarSetter = scalarSetter
        self.readCache = readCache
    }

    /// Runs one metamethod operation for `simlua_index`/`simlua_newindex`; returns the result count.
    @inline(__always)
    func access(_ object: AnyObject, op: Int32, slot: Int, state: LuaState) throws -> Int32 {
        if op == SIMLUA_OP_GET {
            if slot < fixedSlotStart { try getter(object, slot, state) } else { try fixedGetter(object, slot, state) }
            return 1
        }
        if op == SIMLUA_OP_SET {
            if slot < fixedSlotStart { try setter(object, slot, state, 3) } else { try fixedSetter(object, slot, state, 3) }
            return 0
        }
        if op == SIMLUA_OP_INDEX {
            if let index {
                let key = state.stringValue(at: 2)
                do {
                    if try index(object, key, state) { return 1 }
                } catch {
                    throw suggesting(error, for: key)
                }
            }
            state.setTop(2)
            state.pushNil()
            return 1
        }
        let key = state.type(at: 2) == .string ? state.stringValue(at: 2) : nil
        do {
            if let key, let newIndex, try newIndex(object, key, state, 3) { return 0 }
        } catch {
            throw suggesting(error, for: key ?? "")
        }
        let shown = key.map { "'\($0)'" } ?? "of type \(state.typeName(at: 2))"
        throw LuaError(.runtime, "attempt to set unknown key \(shown) on \(name)"
                       + (key.map { LuaNameSuggestion.didYouMean($0, among: knownNames) } ?? ""))
    }

    /// The properties and methods of the class, for "did you mean".
    var knownNames: [String] { properties + methods.keys.sorted() }

    /// The error an `__index`/`__newindex` fallback threw for an unknown `key`, with the nearest known
    /// property or method suggested (`… for the key "nmae". (did you mean 'name'?)`). Argument errors,
    /// errors carrying a Lua value and messages that already suggest something pass unchanged.
    func suggesting(_ error: Error, for key: String) -> Error {
        if error is LuaArgumentError { return error }
        if let error = error as? LuaError, error.value != nil { return error }
        let message = String(describing: error)
        guard !message.contains("did you mean") else { return error }
        let hint = LuaNameSuggestion.didYouMean(key, among: knownNames)
        return hint.isEmpty ? error : LuaError(.runtime, message + hint)
    }
}

/// A number, boolean or nil exchanged on the scalar fast paths of ``LuaClass``.
public enum LuaScalar: Equatable, Sendable {
    /// Not a scalar (or not handled): take the general path.
    case unavailable
    /// `nil`.
    case `nil`
    /// A boolean.
    case boolean(Bool)
    /// An integer.
    case integer(Int64)
    /// A float.
    case number(Double)
}

extension LuaClass {
    /// A read cache in each object's userdata: `__index` (C) keeps the scalars the ``ScalarGetter`` returned
    /// for property slots `0..<slots` and answers the next reads of those slots without calling Swift, until
    /// the object zeroes the cache word it was given by ``attach``. The object must zero that word whenever
    /// anything its scalar getter returns could change (its values, or its state: a fault, an invalidation),
    /// before any read can see the change.
    public struct ReadCache {
        /// Property slots `0..<slots` may be cached (at most 16).
        public let slots: Int
        /// Gives the object the word to zero on every change; returns `false` (no cache for this userdata)
        /// when the object already holds another one.
        public let attach: (_ object: AnyObject, _ word: UnsafeMutablePointer<UInt64>) -> Bool
        /// Takes the word back (its userdata is finalized); does nothing if the object holds another one.
        public let detach: (_ object: AnyObject, _ word: UnsafeMutablePointer<UInt64>) -> Void

        /// Creates a read-cache description.
        /// - Parameters:
        ///   - slots: How many leading property slots may be cached (at most 16).
        ///   - attach: Gives an object its cache word.
        ///   - detach: Takes it back.
        public init(
            slots: Int, attach: @escaping (AnyObject, UnsafeMutablePointer<UInt64>) -> Bool,
            detach: @escaping (AnyObject, UnsafeMutablePointer<UInt64>) -> Void
        ) {
            self.slots = min(max(slots, 0), 16)
            self.attach = attach
            self.detach = detach
        }
    }
}

extension LuaClass {
    /// Direct entry points of the scalar fast paths: C functions that `__index`/`__newindex` call with an
    /// index of the object's own storage instead of going through ``ScalarGetter``/``ScalarSetter`` (no
    /// closure call, no ``LuaScalar``). They must behave exactly as those closures do for the same slot.
    ///
    /// Values travel as a tag (``nilTag``, ``booleanTag``, ``integerTag``, ``numberTag``; ``slowTag``: not
    /// handled) with an integer (booleans as 0/1) and a float.
    public struct DirectScalarAccess {
        /// Reads index `index` of the object (an unretained instance pointer): stores the integer or float
        /// and returns its tag, or ``slowTag`` to use ``Getter``. Must not fail or have side effects.
        public typealias Get = @convention(c) (
            _ object: UnsafeMutableRawPointer?, _ index: Int64, _ integer: UnsafeMutablePointer<Int64>?,
            _ number: UnsafeMutablePointer<Double>?
        ) -> Int32
        /// Stores a scalar into index `index` of the object and returns 1, or returns 0 without any side
        /// effect to use ``Setter``.
        public typealias Set = @convention(c) (
            _ object: UnsafeMutableRawPointer?, _ index: Int64, _ tag: Int32, _ integer: Int64, _ number: Double
        ) -> Int32

        /// Not handled: take the general path.
        public static let slowTag: Int32 = 0
        /// `nil`.
        public static let nilTag: Int32 = 1
        /// A boolean (integer 0 or 1).
        public static let booleanTag: Int32 = 2
        /// An integer.
        public static let integerTag: Int32 = 3
        /// A float.
        public static let numberTag: Int32 = 4

        /// For each property slot, the index passed to ``get``/``set`` (-1: the slot has no direct entry).
        /// Slots from 64 on never have one.
        public let indexes: [Int]
        /// The reading entry.
        public let get: Get
        /// The writing entry.
        public let set: Set

        /// Creates the direct entries of a class.
        /// - Parameters:
        ///   - indexes: The index of each property slot (-1: none).
        ///   - get: The reading entry.
        ///   - set: The writing entry.
        public init(indexes: [Int], get: Get, set: Set) {
            self.indexes = indexes
            self.get = get
            self.set = set
        }
    }
}
