import FetchedResults
import LuaBridge

extension CollectionViewClasses {
    /// `ripple.uikit`, declared once.
    static let uikitDeclaration = LuaClassDeclaration<UIKitSettingsObject>(
        "UIKit", "`ripple.uikit`: the UIKit version whose behaviour the views and fetched results controllers follow.",
        properties: [
            .custom("profile", type: PlatformProfile.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: "|"),
                    "The current profile, `\"ios16.4\"` by default.",
                    get: { settings, state in
                        guard let engine = settings.engine else { state.pushNil(); return }
                        state.push(engine.platform.profile.rawValue)
                    },
                    set: { settings, state, index in
                        guard let name = String(lua: state, at: index) else {
                            throw LuaError(.runtime, "bad value for property 'profile' (\(String.argumentMessage(state, at: index)))")
                        }
                        guard let profile = PlatformProfile(rawValue: name) else {
                            throw ScriptingError("unknown profile '\(name)' (known profiles: "
                                + PlatformProfile.allCases.map(\.rawValue).joined(separator: ", ") + ")")
                        }
                        guard let engine = settings.engine else { return }
                        engine.platform.profile = profile
                        engine.log.record("[uikit] profile = \(name)")
                    }),
            .custom("profiles", type: "string[]", "Every known profile.", get: { settings, state in
                guard let engine = settings.engine else { state.pushNil(); return }
                engine.push(strings: PlatformProfile.allCases.map(\.rawValue))
            }),
        ],
        describe: { settings in "UIKit(profile = \(settings.engine?.platform.profile.rawValue ?? "?"))" })
}
