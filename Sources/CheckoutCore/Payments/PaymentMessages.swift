/// The customer-facing text of each payment error code, per locale (the
/// locales of `ValidationMessages`; any other falls back to `en_US`). No text
/// ever contains card data.
public enum PaymentMessages {
    /// Every code a payment's `statusOutput.errors` can carry.
    public static var codes: [String] { english.keys.sorted() }

    public static func message(for code: String, locale: String) -> String {
        (textsByLocale[locale] ?? english)[code] ?? english[code] ?? code
    }

    private static let textsByLocale = ["en_US": english, "zh_CN": chinese, "nl_NL": dutch, "de_DE": german, "fr_FR": french]

    private static let english = [
        "CARD_DECLINED": "The card was declined by its issuer.",
        "INSUFFICIENT_FUNDS": "The card has insufficient funds.",
        "LOST_CARD": "The card was reported lost.",
        "STOLEN_CARD": "The card was reported stolen.",
        "EXPIRED_CARD": "The card has expired.",
        "INCORRECT_CVC": "The card's security code is incorrect.",
        "PROCESSING_ERROR": "An error occurred while processing the card. Please try again.",
        "SUSPECTED_FRAUD": "The payment was blocked by fraud screening.",
        "AUTHENTICATION_FAILED": "3-D Secure authentication failed.",
        "AUTHENTICATION_UNAVAILABLE": "3-D Secure authentication is not available for this card.",
        "THREE_DS_ERROR": "3-D Secure authentication ended in an error.",
        "CARD_NOT_SUPPORTED": "This card does not support 3-D Secure authentication.",
        "AUTHENTICATION_CANCELED": "3-D Secure authentication was cancelled.",
        "CANCELLED_BY_CUSTOMER": "The payment was cancelled by the customer.",
        "DECLINED_BY_PROVIDER": "The payment was declined by the payment provider.",
    ]

    private static let chinese = [
        "CARD_DECLINED": "发卡行拒绝了该卡。",
        "INSUFFICIENT_FUNDS": "卡内余额不足。",
        "LOST_CARD": "该卡已挂失。",
        "STOLEN_CARD": "该卡已报失窃。",
        "EXPIRED_CARD": "该卡已过期。",
        "INCORRECT_CVC": "卡片安全码不正确。",
        "PROCESSING_ERROR": "处理该卡时出错，请重试。",
        "SUSPECTED_FRAUD": "该付款被欺诈筛查拦截。",
        "AUTHENTICATION_FAILED": "3-D Secure 认证失败。",
        "AUTHENTICATION_UNAVAILABLE": "该卡无法进行 3-D Secure 认证。",
        "THREE_DS_ERROR": "3-D Secure 认证出错。",
        "CARD_NOT_SUPPORTED": "该卡不支持 3-D Secure 认证。",
        "AUTHENTICATION_CANCELED": "3-D Secure 认证已取消。",
        "CANCELLED_BY_CUSTOMER": "客户取消了付款。",
        "DECLINED_BY_PROVIDER": "支付服务商拒绝了付款。",
    ]

    private static let dutch = [
        "CARD_DECLINED": "De kaart is geweigerd door de uitgever.",
        "INSUFFICIENT_FUNDS": "Onvoldoende saldo op de kaart.",
        "LOST_CARD": "De kaart is als verloren gemeld.",
        "STOLEN_CARD": "De kaart is als gestolen gemeld.",
        "EXPIRED_CARD": "De kaart is verlopen.",
        "INCORRECT_CVC": "De beveiligingscode van de kaart is onjuist.",
        "PROCESSING_ERROR": "Er ging iets mis bij het verwerken van de kaart. Probeer het opnieuw.",
        "SUSPECTED_FRAUD": "De betaling is tegengehouden door fraudecontrole.",
        "AUTHENTICATION_FAILED": "3-D Secure-authenticatie is mislukt.",
        "AUTHENTICATION_UNAVAILABLE": "3-D Secure-authenticatie is niet beschikbaar voor deze kaart.",
        "THREE_DS_ERROR": "3-D Secure-authenticatie eindigde met een fout.",
        "CARD_NOT_SUPPORTED": "Deze kaart ondersteunt geen 3-D Secure-authenticatie.",
        "AUTHENTICATION_CANCELED": "3-D Secure-authenticatie is geannuleerd.",
        "CANCELLED_BY_CUSTOMER": "De klant heeft de betaling geannuleerd.",
        "DECLINED_BY_PROVIDER": "De betaalprovider heeft de betaling geweigerd.",
    ]

    private static let german = [
        "CARD_DECLINED": "Die Karte wurde vom Kartenaussteller abgelehnt.",
        "INSUFFICIENT_FUNDS": "Die Karte ist nicht ausreichend gedeckt.",
        "LOST_CARD": "Die Karte wurde als verloren gemeldet.",
        "STOLEN_CARD": "Die Karte wurde als gestohlen gemeldet.",
        "EXPIRED_CARD": "Die Karte ist abgelaufen.",
        "INCORRECT_CVC": "Der Sicherheitscode der Karte ist falsch.",
        "PROCESSING_ERROR": "Bei der Verarbeitung der Karte ist ein Fehler aufgetreten. Bitte erneut versuchen.",
        "SUSPECTED_FRAUD": "Die Zahlung wurde von der Betrugsprüfung blockiert.",
        "AUTHENTICATION_FAILED": "Die 3-D-Secure-Authentifizierung ist fehlgeschlagen.",
        "AUTHENTICATION_UNAVAILABLE": "3-D-Secure-Authentifizierung ist für diese Karte nicht verfügbar.",
        "THREE_DS_ERROR": "Die 3-D-Secure-Authentifizierung endete mit einem Fehler.",
        "CARD_NOT_SUPPORTED": "Diese Karte unterstützt keine 3-D-Secure-Authentifizierung.",
        "AUTHENTICATION_CANCELED": "Die 3-D-Secure-Authentifizierung wurde abgebrochen.",
        "CANCELLED_BY_CUSTOMER": "Der Kunde hat die Zahlung abgebrochen.",
        "DECLINED_BY_PROVIDER": "Der Zahlungsanbieter hat die Zahlung abgelehnt.",
    ]

    private static let french = [
        "CARD_DECLINED": "La carte a été refusée par sa banque.",
        "INSUFFICIENT_FUNDS": "Le solde de la carte est insuffisant.",
        "LOST_CARD": "La carte a été déclarée perdue.",
        "STOLEN_CARD": "La carte a été déclarée volée.",
        "EXPIRED_CARD": "La carte a expiré.",
        "INCORRECT_CVC": "Le code de sécurité de la carte est incorrect.",
        "PROCESSING_ERROR": "Une erreur s'est produite lors du traitement de la carte. Veuillez réessayer.",
        "SUSPECTED_FRAUD": "Le paiement a été bloqué par le contrôle anti-fraude.",
        "AUTHENTICATION_FAILED": "L'authentification 3-D Secure a échoué.",
        "AUTHENTICATION_UNAVAILABLE": "L'authentification 3-D Secure n'est pas disponible pour cette carte.",
        "THREE_DS_ERROR": "L'authentification 3-D Secure s'est terminée par une erreur.",
        "CARD_NOT_SUPPORTED": "Cette carte ne prend pas en charge l'authentification 3-D Secure.",
        "AUTHENTICATION_CANCELED": "L'authentification 3-D Secure a été annulée.",
        "CANCELLED_BY_CUSTOMER": "Le client a annulé le paiement.",
        "DECLINED_BY_PROVIDER": "Le fournisseur de paiement a refusé le paiement.",
    ]
}
