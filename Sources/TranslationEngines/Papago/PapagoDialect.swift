import TranslateModel
/// Which of the two Papago HTTP APIs a service speaks.
///
/// The two differ in host, paths, header names and error shape; their credentials are not
/// interchangeable.
public enum PapagoDialect: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// NAVER Cloud Platform's API gateway (the current service).
    case ncp = "ncp"
    /// The older Naver Developers Open API.
    case naverDevelopers = "naver-developers"

    /// The base URL used when no endpoint is configured.
    public var defaultEndpoint: String {
        switch self {
        case .ncp: "https://papago.apigw.ntruss.com"
        case .naverDevelopers: "https://openapi.naver.com"
        }
    }

    /// The translation path, appended to the base URL.
    public var translationPath: String {
        switch self {
        case .ncp: "/nmt/v1/translation"
        case .naverDevelopers: "/v1/papago/n2mt"
        }
    }

    /// The language-detection path, appended to the base URL.
    public var detectionPath: String {
        switch self {
        case .ncp: "/langs/v1/dect"
        case .naverDevelopers: "/v1/papago/detectLangs"
        }
    }

    /// The header that carries the client id.
    public var clientIDHeader: String {
        switch self {
        case .ncp: "X-NCP-APIGW-API-KEY-ID"
        case .naverDevelopers: "X-Naver-Client-Id"
        }
    }

    /// The header that carries the client secret.
    public var clientSecretHeader: String {
        switch self {
        case .ncp: "X-NCP-APIGW-API-KEY"
        case .naverDevelopers: "X-Naver-Client-Secret"
        }
    }

    public var description: String { rawValue }

    /// The dialect a known public host speaks; nil for any other host (a proxy, a test server).
    static func forEndpoint(_ endpoint: String) -> PapagoDialect? {
        let lowered = endpoint.lowercased()
        if lowered.contains("openapi.naver.com") { return .naverDevelopers }
        if lowered.contains("apigw.ntruss.com") || lowered.contains("apigw.gov-ntruss.com") { return .ncp }
        return nil
    }
}
