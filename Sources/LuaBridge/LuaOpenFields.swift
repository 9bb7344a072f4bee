/// The keys of a declared class left open to scripts: reading or writing a key the class does not declare goes
/// to ``read`` and ``write`` instead of being refused, so that each object can carry its own Lua values (a view
/// controller keeps `function vc:viewDidLoad() end` or `vc.count = 1`). The keys scripts set by convention
/// (a callback the bindings call, a value other code reads) are listed as ``Convention``s: the annotations show
/// them as optional fields (`---@field viewDidLoad? fun(self: ViewController)`), values the script provides;
/// a class whose other keys are free content (a cell's `text`) annotates them all with ``AnyKey``
/// (`---@field [string] any The content …`).
///
/// ```swift
/// var values: [ObjectIdentifier: [String: String]] = [:]
/// let fields = LuaOpenFields<Note>(
///     conventions: [.init("onOpen", "fun(self: Note)", "Called when the note opens.")],
///     read: { note, key, state in values[ObjectIdentifier(note)]?[key].map { state.push($0) } ?? state.pushNil() },
///     write: { note, key, state, index in values[ObjectIdentifier(note), default: [:]][key] = state.toString(at: index) })
/// ```
/// Like declarations, open fields are immutable and their closures run on the thread of the Lua state that
/// calls them (hence `@unchecked Sendable`).
public struct LuaOpenFields<Object: AnyObject>: @unchecked Sendable {
    /// A key scripts set by convention, annotated as an optional field.
    public struct Convention: Sendable, Equatable {
        /// The key.
        public let name: String
        /// Its annotation type (`fun(self: ViewController, animated: boolean)`, `TableView`).
        public let type: String
        /// One line: who reads it and when.
        public let doc: String

        /// Declares a conventional key.
        public init(_ name: String, _ type: String, _ doc: String = "") {
            self.name = name
            self.type = type
            self.doc = doc
        }
    }

    /// The annotation of every undeclared key, for a class whose keys are free content.
    public struct AnyKey: Sendable, Equatable {
        /// The annotation type of the keys' values.
        public let type: String
        /// One line: what the keys are.
        public let doc: String

        /// Declares the annotation of every undeclared key (`---@field [string] type doc`).
        public init(type: String = "any", _ doc: String) {
            self.type = type
            self.doc = doc
        }
    }

    /// The conventional keys, in the order the annotations list them.
    public let conventions: [Convention]
    /// The annotation of every other key, after the conventions; nil when the annotations list none.
    public let anyKey: AnyKey?
    /// Pushes exactly one value (nil when the object has none) for a key that is neither a property nor a method.
    let read: (Object, String, LuaState) throws -> Void
    /// Stores the value at the given index under a key that is neither a property nor a method, or throws to
    /// refuse it.
    let write: (Object, String, LuaState, Int32) throws -> Void

    /// Declares the open keys of a class.
    /// - Parameters:
    ///   - conventions: The keys scripts set by convention.
    ///   - anyKey: The annotation of every other key (`---@field [string] any …`), if the class shows one.
    ///   - read: Pushes the value of an undeclared key (exactly one value).
    ///   - write: Stores the value at the index under an undeclared key, or throws to refuse it.
    public init(conventions: [Convention] = [], anyKey: AnyKey? = nil,
                read: @escaping (_ object: Object, _ key: String, _ state: LuaState) throws -> Void,
                write: @escaping (_ object: Object, _ key: String, _ state: LuaState, _ valueIndex: Int32) throws -> Void) {
        self.conventions = conventions
        self.anyKey = anyKey
        self.read = read
        self.write = write
    }
}
