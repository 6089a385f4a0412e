// Records and enumerations, written by hand from /work/shared/service-description.md.
// Public fields in the documented order (XmlSerializer emits them in declaration order).
using System;

namespace AsmxFixture
{
    public enum PeriodType { Once, Daily, Weekly, Monthly, Yearly, Custom }

    // RemoveMessages `location`.
    public enum MessageLocation { Received, Sent, Removed, Deleted }

    public class MessagesBL
    {
        public long MsgID;
        public int UserID;
        public int LinkID;
        public int NumberID;
        public double Tariff;
        public byte MsgType;
        public string Body;
        public string Udh;
        public DateTime SendDate;
        public string Sender;
        public string Receiver;
        public int FirstLocation;
        public int CurrentLocation;
        public int Parts;
        public bool IsFlash;
        public bool IsRead;
        public bool IsUnicode;
        public double Credit;
        public int Module;
        public int RecCount;
        public int RecFailed;
        public int RecSuccess;
        public bool IsMoneyBack;
        public int UserStepedMaster;
        public int UserMaster;
        public int MoneyBackCount;
        public int MoneyBackLevel;
        public bool AutoSpeechText;
        public int ShareServiceBodyID;
        public int OperatorABackCount;
    }

    public class MsgReceptions
    {
        public string RecNumber;
        public string SendDate;
        public string RecStatus;
        public string DeliveryStatus;
        public string RecID;
    }

    public class BulkReceptions
    {
        public string RecNumber;
        public string SendDate;
        public string RecStatus;
        public string DeliveryStatus;
        public string OpID;
        public string BulkID;
        public string RecID;
    }

    public class BulkReceptionExport
    {
        public long ReportID;
        public int BulkID;
        public DateTime SendDate;
        public string RecNumber;
        public int TotalCount;
    }

    public class ScheduleDetails
    {
        public int ScheduleID;
        public string Sender;
        public string Title;
        public string Body;
        public int BodyParts;
        public int TotalCount;
        public int SentCount;
        public int FailedCount;
        public string ScheduleDate;
        public string SendDate;
        public byte SendStatus;
        public byte ScheduleStatus;
    }

    public class UserGridList
    {
        public int UserId;
        public string UserName;
        public string FirstName;
        public string LastName;
        public string Corporation;
        public string Email;
        public string MobileNumbers;
        public string PhoneNumbers;
        public string FaxNumbers;
        public string Address;
        public string Desctiptions;
        public byte UserStatus;
        public bool FixTariff;
        public int MaxTicket;
        public int MaxOrderNumber;
        public string NationalCode;
        public bool AccessToBranchs;
        public bool BulkReport;
        public bool EnableDelivery;
        public string PostalCode;
        public string CertificateNumber;
        public string ProvinceName;
        public string CityName;
        public int ProductId;
        public string CommercialCode;
        public int UserOwner;
        public bool IsLegal;
        public int userType;
        public int TariffID;
        public DateTime ExpDate;
    }

    public class GetPayments
    {
        public string BankName;
        public long OrderID;
        public string AuthorityID;
        public double Amount;
        public DateTime RequestDate;
        public DateTime CallbackDate;
        public string Descriptions;
        public byte PayStatus;
    }

    public class GroupsList
    {
        public int GroupID;
        public int ParentId;
        public int UserID;
        public string GroupName;
        public string GroupDescription;
        public byte GroupStatus;
        public int ContactCount;
        public bool ShowToChild;
        public int ChildsCount;
    }

    public class SmsQueueList
    {
        public long ID;
        public int Sender;
        public string Body;
        public string Receiver;
        public DateTime InsertDate;
        public DateTime FetchDate;
        public byte Status;
        public long RecID;
        public int DeliveryStatus;
    }
}
